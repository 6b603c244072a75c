import { QueryClient } from '@tanstack/react-query';

/** Failed calls surface at once: the API client already retried what can be retried (a 401 after refresh). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
