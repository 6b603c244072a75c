import { organizationPrioritiesResponse, type OrganizationPrioritiesResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const prioritiesKey = ['organization-priorities'] as const;

export function getOrganizationPriorities(): Promise<OrganizationPrioritiesResponse> {
  return apiClient.request('/auth/me/organization-priorities', organizationPrioritiesResponse);
}

export const organizationPrioritiesQueryOptions = () =>
  queryOptions({ queryKey: prioritiesKey, queryFn: getOrganizationPriorities });

export function useOrganizationPriorities() {
  return useQuery(organizationPrioritiesQueryOptions());
}
