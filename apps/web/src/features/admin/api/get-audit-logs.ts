import { LOGS_PAGE_SIZE, LOGS_PATH, logsResponse, type LogsResponse } from '@hivqe/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminKeys, queryString } from './query-keys.ts';

/** The audit log (accounts.md 7.9): the API base plus /computing/elasticsearch/logs. */
export function getAuditLogs(search: string, page: number): Promise<LogsResponse> {
  const query = queryString({ limit: LOGS_PAGE_SIZE, page, search });
  return apiClient.request(`${LOGS_PATH}?${query}`, logsResponse);
}

export const auditLogsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.logs(search, page),
    queryFn: () => getAuditLogs(search, page),
    placeholderData: keepPreviousData,
  });

export function useAuditLogs(search: string, page: number) {
  return useQuery(auditLogsQueryOptions(search, page));
}
