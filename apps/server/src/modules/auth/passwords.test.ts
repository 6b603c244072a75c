import { describe, expect, it } from 'vitest';
import { Passwords, PRODUCTION_PASSWORD_COST } from './passwords.ts';

describe('password hashing', () => {
  it('uses Argon2id with at least 19 MiB and 2 passes in production', async () => {
    const hash = await new Passwords().hash('some password');
    const params = hash.match(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/);
    expect(params).not.toBeNull();
    expect(Number(params![1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(params![2])).toBeGreaterThanOrEqual(2);
    expect(PRODUCTION_PASSWORD_COST).toEqual({ memoryCost: 19_456, timeCost: 2 });
  });

  it('verifies only the right password and never an absent hash', async () => {
    const passwords = new Passwords({ memoryCost: 1024, timeCost: 1 });
    const hash = await passwords.hash('right password');
    expect(await passwords.verify(hash, 'right password')).toBe(true);
    expect(await passwords.verify(hash, 'wrong password')).toBe(false);
    expect(await passwords.verify(undefined, 'decoy-password-never-valid')).toBe(false);
    expect(await passwords.verify('not-a-hash', 'x')).toBe(false);
  });
});
