import {
  organizationPrioritiesResponse,
  type OrganizationPrioritiesResponse,
  type UpdatePrioritiesRequest,
} from '@hivqe/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { prioritiesKey } from './get-organization-priorities.ts';

/** An empty list restores the default order (join order). */
export function updateOrganizationPriorities(
  body: UpdatePrioritiesRequest,
): Promise<OrganizationPrioritiesResponse> {
  return apiClient.request('/auth/me/organization-priorities', organizationPrioritiesResponse, {
    method: 'PUT',
    body,
  });
}

/** The answer is the new state, so the screen shows it at once. */
export function useUpdateOrganizationPriorities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationPriorities,
    onSuccess: (priorities) => queryClient.setQueryData(prioritiesKey, priorities),
  });
}
