import { HISTORY_PAGE_SIZE, historyResponse, type HistoryResponse } from '@hivqe/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminKeys, queryString } from './query-keys.ts';

/** Every user's authentication events, newest first; `search` matches e-mail, type, IP or user agent. */
export function getAuthHistory(search: string, page: number): Promise<HistoryResponse> {
  const query = queryString({ limit: HISTORY_PAGE_SIZE, page, search });
  return apiClient.request(`/auth/admin/history?${query}`, historyResponse);
}

export const authHistoryQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.history(search, page),
    queryFn: () => getAuthHistory(search, page),
    placeholderData: keepPreviousData,
  });

export function useAuthHistory(search: string, page: number) {
  return useQuery(authHistoryQueryOptions(search, page));
}
