import { describe, expect, it } from 'vitest';
import { toPermissions } from './permissions.ts';

describe('toPermissions', () => {
  it.each([
    [{ permissions: [], groups: ['system_admin', 'user'] }, true, true],
    [{ permissions: [], groups: ['admin'] }, true, true],
    [{ permissions: ['organization_owner'], groups: [] }, false, true],
    [{ permissions: [], groups: ['user'] }, false, true],
    [{ permissions: [], groups: [] }, false, false],
  ])('%o gives isAdmin %s and isUser %s', (response, isAdmin, isUser) => {
    expect(toPermissions(response)).toEqual({ ...response, isAdmin, isUser });
  });
});
