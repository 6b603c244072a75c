import { IqmClient } from '../providers/quantum/iqm/iqm-client.ts';
import type { IqmRetryEvent } from '../providers/quantum/iqm/iqm-retry.ts';
import type { IqmConnection } from './thread-protocol.ts';

/** A client for the job owner's quantum computer, under the operator's timeout and retry budget. */
export const openIqmClient = (
  connection: IqmConnection,
  onRetry?: (event: IqmRetryEvent) => void,
): IqmClient =>
  new IqmClient({
    baseUrl: connection.baseUrl,
    token: connection.token,
    computer: connection.computer,
    timeoutMs: connection.requestTimeoutMs,
    retry: {
      budgetMs: connection.retryBudgetMs,
      baseDelayMs: connection.retryBaseDelayMs,
      ...(onRetry ? { onRetry } : {}),
    },
  });
