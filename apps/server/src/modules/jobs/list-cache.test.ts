import { describe, expect, it } from 'vitest';
import { JobListCache } from './list-cache.ts';

describe('JobListCache', () => {
  it('keeps a page per owner and query until a change to that owner', () => {
    const cache = new JobListCache();
    cache.put('ann', 'q1', { jobs: ['a'] }, 1, cache.mark());
    cache.put('bob', 'q1', { jobs: ['b'] }, 1, cache.mark());
    expect(cache.get('ann', 'q1')).toEqual({ jobs: ['a'] });
    expect(cache.get('ann', 'q2')).toBeUndefined();

    cache.listener().heard('ann');
    expect(cache.get('ann', 'q1')).toBeUndefined();
    expect(cache.get('bob', 'q1')).toEqual({ jobs: ['b'] });
  });

  it("does not keep a page read while a change to its owner's jobs arrived, as it may predate the change", () => {
    const cache = new JobListCache();
    const mark = cache.mark();
    cache.forgetOwner('someone else');
    cache.put('ann', 'q', 'kept', 0, mark);
    expect(cache.get('ann', 'q')).toBe('kept');

    const before = cache.mark();
    cache.forgetOwner('ann');
    cache.put('ann', 'q2', 'stale', 0, before);
    expect(cache.get('ann', 'q2')).toBeUndefined();
    // After a clear no earlier read is kept.
    const beforeClear = cache.mark();
    cache.clear();
    cache.put('bob', 'q', 'stale', 0, beforeClear);
    expect(cache.get('bob', 'q')).toBeUndefined();
  });

  it('forgets everything when a change names no owner or changes were missed', () => {
    const cache = new JobListCache();
    cache.put('ann', 'q', {}, 0, cache.mark());
    cache.listener().heard(undefined);
    expect(cache.get('ann', 'q')).toBeUndefined();
    cache.put('ann', 'q', {}, 0, cache.mark());
    cache.listener().missed();
    expect(cache.get('ann', 'q')).toBeUndefined();
  });

  it('holds at most maxRows jobs, empty pages counting one, dropping the owner used longest ago', () => {
    const cache = new JobListCache({ maxRows: 25 });
    cache.put('ann', 'q', 'ann page', 9, cache.mark());
    cache.put('bob', 'q', 'bob page', 9, cache.mark());
    expect(cache.get('ann', 'q')).toBe('ann page'); // ann is now the last used
    cache.put('cy', 'q', 'cy page', 9, cache.mark());
    expect(cache.get('bob', 'q')).toBeUndefined();
    expect(cache.get('ann', 'q')).toBe('ann page');
    expect(cache.get('cy', 'q')).toBe('cy page');

    // Countless empty pages (a query string per request) stay within the bound.
    for (let i = 0; i < 1_000; i += 1) cache.put('eve', `q${i}`, 'empty', 0, cache.mark());
    expect(cache.get('eve', 'q999')).toBe('empty');
    expect(cache.get('eve', 'q0')).toBeUndefined();
    // A page larger than the whole budget is not kept.
    cache.put('big', 'q', 'big page', 25, cache.mark());
    expect(cache.get('big', 'q')).toBeUndefined();
  });

  it('drops a page after its time to live, as a backstop', () => {
    let now = 0;
    const cache = new JobListCache({ ttlMs: 1_000, clock: () => now });
    cache.put('ann', 'q', 'page', 1, cache.mark());
    now = 999;
    expect(cache.get('ann', 'q')).toBe('page');
    now = 1_000;
    expect(cache.get('ann', 'q')).toBeUndefined();
  });
});
