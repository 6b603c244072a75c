import { describe, expect, it } from 'vitest';
import type { LiveSession, UserRow } from './repo.ts';
import { SessionCache } from './session-cache.ts';

const sessionOf = (userId: string): LiveSession => ({
  user: { id: userId } as UserRow,
  startedAt: new Date('2026-01-01T00:00:00Z'),
});

/** A cache on a clock the test moves. */
function cacheAt(start = 0) {
  const clock = { now: start };
  return { cache: new SessionCache(5_000, 3, () => clock.now), clock };
}

describe('the session cache', () => {
  it('serves an entry until its time to live runs out', () => {
    const { cache, clock } = cacheAt();
    cache.put('s1', sessionOf('u1'), cache.mark());
    clock.now = 4_999;
    expect(cache.get('s1')?.user.id).toBe('u1');
    clock.now = 5_000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets a session, or every session of a user, when told', () => {
    const { cache } = cacheAt();
    for (const [session, user] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
    ]) {
      cache.put(session, sessionOf(user), cache.mark());
    }
    cache.forgetUser('u1');
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')?.user.id]).toEqual([
      undefined,
      undefined,
      'u2',
    ]);
    cache.forgetSession('s3');
    expect(cache.get('s3')).toBeUndefined();
  });

  it('does not keep a read that began before a change was forgotten: it may predate the change', () => {
    const { cache } = cacheAt();
    const mark = cache.mark();
    cache.forgetSession('elsewhere');
    cache.put('s1', sessionOf('u1'), mark);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('holds at most its capacity, dropping the oldest entry', () => {
    const { cache } = cacheAt();
    for (const session of ['s1', 's2', 's3', 's4']) cache.put(session, sessionOf('u'), cache.mark());
    expect(['s1', 's2', 's3', 's4'].map((session) => cache.get(session) !== undefined)).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });
});
