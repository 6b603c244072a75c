import { organizationsResponse, type OrganizationsResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { organizationKeys } from './query-keys.ts';

/** The caller's organizations; a system administrator receives every organization, with role null where not a member. */
export function getMyOrganizations(): Promise<OrganizationsResponse> {
  return apiClient.request('/auth/orgs/mine', organizationsResponse);
}

export const myOrganizationsQueryOptions = () =>
  queryOptions({ queryKey: organizationKeys.mine(), queryFn: getMyOrganizations });

export function useMyOrganizations() {
  return useQuery(myOrganizationsQueryOptions());
}

/** How many organizations the user belongs to (Account Settings, 2.9): a system administrator's list holds others too. */
export function useMyOrganizationCount(): number {
  const { data } = useQuery({
    ...myOrganizationsQueryOptions(),
    select: ({ organizations }) => organizations.filter((organization) => organization.role !== null).length,
  });
  return data ?? 0;
}
