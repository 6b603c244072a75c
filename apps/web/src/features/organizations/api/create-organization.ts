import { organization, type CreateOrganizationRequest, type Organization } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useIdempotentCreate } from '../../../lib/idempotency-keys.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

export function createOrganization(
  body: CreateOrganizationRequest,
  headers: Record<string, string> = {},
): Promise<Organization> {
  return apiClient.request('/auth/orgs', organization, { method: 'POST', body, headers });
}

export function useCreateOrganization() {
  return useOrganizationMutation(useIdempotentCreate(createOrganization));
}
