import { describe, expect, it } from 'vitest';
import { jobPermissionSource } from './permission-source.ts';

describe('jobPermissionSource', () => {
  it('accepts an organization, the personal subscription and the internal domain', () => {
    const organization = {
      type: 'organization',
      organization_id: '0195a7c3-5f5e-7c1e-9a53-4f2a1d6e8b90',
      organization_name: 'Quantum Lab',
    };
    expect(jobPermissionSource.parse(organization)).toEqual(organization);
    expect(jobPermissionSource.parse({ type: 'individual' })).toEqual({ type: 'individual' });
    expect(jobPermissionSource.parse({ type: 'acme_domain', organization_name: null })).toEqual({
      type: 'acme_domain',
      organization_name: null,
    });
  });

  it('refuses a missing type and a name longer than 200 characters', () => {
    expect(jobPermissionSource.safeParse({}).success).toBe(false);
    expect(
      jobPermissionSource.safeParse({ type: 'individual', organization_name: 'x'.repeat(201) }).success,
    ).toBe(false);
  });
});
