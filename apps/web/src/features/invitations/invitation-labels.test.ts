import { describe, expect, it } from 'vitest';
import { invitationStatus, roleIn } from './invitation-labels.ts';

describe('invitationStatus', () => {
  it.each([
    ['pending', 'Pending'],
    ['accepted', 'Accepted'],
    ['rejected', 'Rejected'],
    ['expired', 'Expired'],
    ['cancelled', 'Cancelled'],
    ['withdrawn', 'Unknown'],
  ])('labels %s as %s', (status, label) => {
    expect(invitationStatus(status).label).toBe(label);
  });
});

describe('roleIn', () => {
  it("keeps a role the mode offers and falls back to the mode's first role otherwise", () => {
    expect(roleIn('system', 'system_admin')).toBe('system_admin');
    expect(roleIn('organization', 'system_admin')).toBe('organization_member');
    expect(roleIn('fixed-organization', 'organization_owner')).toBe('organization_member');
  });
});
