import type { ProfileResponse } from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import { profileChanges } from './profile-changes.ts';

const profile: ProfileResponse = {
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada',
  phone_number: null,
  user_id: 'ada@example.com',
  username: 'ada-uuid',
};

describe('profileChanges', () => {
  it('is empty when the trimmed draft equals the profile', () => {
    expect(profileChanges(profile, { name: '  Ada ', phone_number: '   ' })).toEqual({});
  });

  it('keeps only changed fields, trimmed, with blanks as null', () => {
    expect(profileChanges(profile, { name: ' ', phone_number: ' 123 ' })).toEqual({
      name: null,
      phone_number: '123',
    });
  });
});
