import { mappingStatusResponse, type MappingStatusResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { marketplaceKeys } from './query-keys.ts';

/** Whether the signed-in account is linked to an AWS Marketplace customer (an account has one at most). */
export function getMappingStatus(): Promise<MappingStatusResponse> {
  return apiClient.request('/auth/marketplace-mapping/status', mappingStatusResponse);
}

export const mappingStatusQueryOptions = () =>
  queryOptions({ queryKey: marketplaceKeys.mappingStatus(), queryFn: getMappingStatus });

export function useMappingStatus() {
  return useQuery(mappingStatusQueryOptions());
}
