import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

/**
 * Reads the query again a while after a change, so the screen settles on what the server now holds. Each
 * request restarts the delay; leaving the screen cancels it. `queryKey` must be a constant.
 */
export function useDelayedReload(queryKey: QueryKey, delayMs: number): () => void {
  const queryClient = useQueryClient();
  const [requests, setRequests] = useState(0);

  useEffect(() => {
    if (requests === 0) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey }), delayMs);
    return () => clearTimeout(timer);
  }, [requests, queryClient, queryKey, delayMs]);

  return useCallback(() => setRequests((count) => count + 1), []);
}
