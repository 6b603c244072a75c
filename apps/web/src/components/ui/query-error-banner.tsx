import { useState } from 'react';
import { messageOf } from '../../lib/api-error.ts';
import { Banner } from './banner.tsx';

interface QueryErrorBannerProps {
  /** The failed query's error, or null. */
  error: unknown;
  /** When the query last failed (TanStack Query's errorUpdatedAt): a new failure shows again after a dismissal. */
  failedAt: number;
  fallback: string;
}

/** Why a list could not be loaded: the server's message, else the fallback; dismissible with ×. */
export function QueryErrorBanner({ error, failedAt, fallback }: QueryErrorBannerProps) {
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  if (!error || failedAt === dismissedAt) return null;
  return (
    <Banner tone="error" onDismiss={() => setDismissedAt(failedAt)}>
      {messageOf(error, fallback)}
    </Banner>
  );
}
