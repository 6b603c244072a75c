import { organization, type CreateOrganizationRequest, type Organization } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

export function createOrganization(body: CreateOrganizationRequest): Promise<Organization> {
  return apiClient.request('/auth/orgs', organization, { method: 'POST', body });
}

export function useCreateOrganization() {
  return useOrganizationMutation(createOrganization);
}
