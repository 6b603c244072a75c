import { tooManyRequestsMessage } from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_BACKOFF } from '../modules/auth/throttle-rules.ts';
import { Backoff } from './backoff.ts';
import { BoundedMap } from './bounded-map.ts';
import { Throttle } from './throttle.ts';

const hour = 3_600_000;

/** An attacker who tries again the very second the back-off allows, for `span` ms; the tries admitted. */
function patientGuesses(span: number): number {
  let now = 0;
  const backoff = new Backoff(() => now);
  let guesses = 0;
  while (now < span) {
    const wait = backoff.retryAfter('account', DEFAULT_SIGN_IN_BACKOFF);
    if (wait > 0) now += wait * 1000;
    else {
      backoff.fail('account', DEFAULT_SIGN_IN_BACKOFF);
      guesses += 1;
    }
  }
  return guesses;
}

describe('per-account back-off', () => {
  it('lets a guesser who never stops try fewer than 100 times an hour (ASVS 5.0 V6)', () => {
    expect(patientGuesses(hour)).toBeLessThanOrEqual(100);
    expect(patientGuesses(24 * hour)).toBeLessThanOrEqual(24 * 100);
  });

  it('makes the owner who follows a stranger wait at most the longest delay', () => {
    let now = 0;
    const backoff = new Backoff(() => now);
    for (let i = 0; i < 1000; i++) backoff.fail('account', DEFAULT_SIGN_IN_BACKOFF);
    expect(backoff.retryAfter('account', DEFAULT_SIGN_IN_BACKOFF)).toBe(
      DEFAULT_SIGN_IN_BACKOFF.maxDelayMs / 1000,
    );
    now += DEFAULT_SIGN_IN_BACKOFF.forgetAfterMs;
    expect(backoff.retryAfter('account', DEFAULT_SIGN_IN_BACKOFF)).toBe(0);
  });
});

describe('memory', () => {
  it('keeps at most its capacity of keys, dropping the one written longest ago', () => {
    const map = new BoundedMap<string, number>(3);
    for (const key of ['a', 'b', 'c']) map.set(key, 1);
    map.set('a', 2);
    map.set('d', 1);
    expect(map.size).toBe(3);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(2);
  });

  it('bounds the counters however many addresses or logins are sprayed at them', () => {
    const rule = { limit: 5, windowMs: hour };
    const throttle = new Throttle(() => 0, 1000);
    const backoff = new Backoff(() => 0, 1000);
    for (let i = 0; i < 50_000; i++) {
      throttle.hit(`address:${i}`, rule);
      backoff.fail(`login:${i}`, DEFAULT_SIGN_IN_BACKOFF);
    }
    // The most recent keys are still counted; the oldest went.
    for (let i = 0; i < 5; i++) throttle.hit('address:49999', rule);
    expect(throttle.retryAfter('address:49999', rule)).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) throttle.hit('address:0', rule);
    expect(throttle.retryAfter('address:0', rule)).toBeGreaterThan(0);
    expect(throttle.retryAfter('address:1', rule)).toBe(0);
  });
});

describe('the wait in words', () => {
  it.each([
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3600, '60 minutes'],
  ])('says %i seconds as "%s", rounded up', (seconds, words) => {
    expect(tooManyRequestsMessage(seconds)).toBe(`Too many requests. Please try again in ${words}.`);
  });
});
