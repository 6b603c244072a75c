import {
  invitation,
  type Invitation,
  type OrganizationInviteRequest,
  type SystemInviteRequest,
} from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useIdempotentCreate } from '../../../lib/idempotency-keys.ts';
import { useInvitationMutation } from './use-invitation-mutation.ts';

/** A system-level invitation (no organization), or one into an organization (accounts.md 7.7). */
export type NewInvitation =
  | { kind: 'system'; body: SystemInviteRequest }
  | { kind: 'organization'; orgId: string; body: OrganizationInviteRequest };

export function createInvitation(
  request: NewInvitation,
  headers: Record<string, string> = {},
): Promise<Invitation> {
  const path =
    request.kind === 'system'
      ? '/auth/invites/system'
      : `/auth/invites/organization?${new URLSearchParams({ org_id: request.orgId })}`;
  return apiClient.request(path, invitation, { method: 'POST', body: request.body, headers });
}

export function useCreateInvitation() {
  return useInvitationMutation(useIdempotentCreate(createInvitation));
}
