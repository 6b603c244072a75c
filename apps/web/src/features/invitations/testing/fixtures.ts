import type { Invitation } from '@hivqe/contract';

export function invitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    invite_id: '55555555-5555-4555-8555-555555555555',
    email: 'new@example.com',
    role: 'organization_member',
    org_id: null,
    org_name: null,
    status: 'pending',
    message: null,
    invited_by: 'ada@example.com',
    created_at: '2025-03-01T12:00:00.000Z',
    expires_at: '2025-03-08T12:00:00.000Z',
    ...overrides,
  };
}
