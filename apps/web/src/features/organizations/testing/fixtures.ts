import type { Organization, OrganizationMember } from '@hivqe/contract';

export const QUANTUM_LAB_ID = '11111111-1111-4111-8111-111111111111';
export const CHEM_GROUP_ID = '22222222-2222-4222-8222-222222222222';
export const PHYSICS_CLUB_ID = '33333333-3333-4333-8333-333333333333';

export function organization(overrides: Partial<Organization> = {}): Organization {
  return {
    org_id: QUANTUM_LAB_ID,
    name: 'Quantum Lab',
    created_at: '2025-03-05T12:00:00.000Z',
    created_by: 'ada@example.com',
    owner_id: 'ada@example.com',
    member_count: 3,
    default_can_create_jobs: false,
    role: 'organization_owner',
    pending_transfer: null,
    ...overrides,
  };
}

export function member(overrides: Partial<OrganizationMember> = {}): OrganizationMember {
  const email = overrides.email ?? 'carol@example.com';
  return {
    user_id: email,
    email,
    username: `${email.split('@')[0]}-uuid`,
    name: null,
    role: 'organization_member',
    can_create_jobs: false,
    created_at: '2025-01-02T12:00:00.000Z',
    ...overrides,
  };
}
