import { membersResponse, type MembersResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { organizationKeys } from './query-keys.ts';

export function getOrganizationMembers(orgId: string): Promise<MembersResponse> {
  return apiClient.request(`/auth/orgs/${orgId}/members`, membersResponse);
}

export const organizationMembersQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: organizationKeys.members(orgId), queryFn: () => getOrganizationMembers(orgId) });

export function useOrganizationMembers(orgId: string) {
  return useQuery(organizationMembersQueryOptions(orgId));
}
