import { tooManyRequestsMessage, waitMinutes } from '@hivqe/contract';
import { Backoff, type BackoffRule } from '../../lib/backoff.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';
import { Throttle, type ThrottleRule } from '../../lib/throttle.ts';
import type { DeviceCookies } from './device-cookie.ts';

export interface SignInRules {
  perDevice: ThrottleRule;
  perAddress: ThrottleRule;
  perAccount: BackoffRule;
}

/**
 * Whose password is checked: an account (by id, so its e-mail and its username share one counter), or a
 * login that names no account, counted the same way under its normalized form so that nothing tells them apart.
 */
export type Claimant = { userId: string } | { unknownLogin: string };

export const claimantOf = (user: { id: string } | undefined, login: string): Claimant =>
  user ? { userId: user.id } : { unknownLogin: login.toLowerCase() };

/** Where a password check comes from: the address and the device cookie the client presented, if any. */
export interface SignInClient {
  ip: string;
  deviceCookie: string | undefined;
}

/**
 * A 429 that says in whole minutes when to come back, and whose `Retry-After` is those same minutes in seconds:
 * a client obeying the header waits exactly what the message says (never "1 minute" beside `Retry-After: 1`).
 */
export const retryLater = (seconds: number, message = tooManyRequestsMessage(seconds)) =>
  tooManyRequests(message, waitMinutes(seconds) * 60);

/**
 * Every password check (login, re-authenticate, change password) passes here. A browser presenting a valid
 * device cookie for the account is judged by its own failures only, so failures made elsewhere never stop
 * the owner; once that browser fails too often it counts as unknown. Unknown clients meet the account's
 * back-off and the per-address limit. An attempt counts as failed from the moment it is admitted, so
 * concurrent guesses cannot all slip through before the first verdict.
 */
export class SignInGuard {
  private readonly counters: Throttle;
  private readonly backoff: Backoff;

  constructor(
    private readonly devices: DeviceCookies,
    private readonly rules: SignInRules,
    now: () => number = Date.now,
  ) {
    this.counters = new Throttle(now);
    this.backoff = new Backoff(now);
  }

  /** Runs `verify` under the limits: throws 429 (nothing checked) when the client must wait, else counts it. */
  async checkPassword(
    claimant: Claimant,
    client: SignInClient,
    verify: () => Promise<boolean>,
  ): Promise<boolean> {
    const attempt = this.admit(claimant, client);
    const ok = await verify();
    if (ok) attempt.succeeded();
    return ok;
  }

  /** The device cookie to give a browser that just proved the account's password. */
  trustDevice(userId: string, presented: string | undefined): string {
    return this.devices.issue(userId, presented);
  }

  private admit(claimant: Claimant, client: SignInClient): { succeeded(): void } {
    const { perDevice, perAddress, perAccount } = this.rules;
    const device = 'userId' in claimant ? this.devices.deviceOf(client.deviceCookie, claimant.userId) : null;
    const deviceKey = `device:${device}`;
    if (device && this.counters.retryAfter(deviceKey, perDevice) === 0) {
      this.counters.hit(deviceKey, perDevice);
      return { succeeded: () => this.counters.reset(deviceKey) };
    }
    const accountKey = 'userId' in claimant ? `account:${claimant.userId}` : `login:${claimant.unknownLogin}`;
    const addressKey = `address:${client.ip}`;
    const wait = Math.max(
      this.backoff.retryAfter(accountKey, perAccount),
      this.counters.retryAfter(addressKey, perAddress),
    );
    if (wait > 0) throw retryLater(wait);
    this.backoff.fail(accountKey, perAccount);
    this.counters.hit(addressKey, perAddress);
    return {
      succeeded: () => {
        this.backoff.reset(accountKey);
        this.counters.refund(addressKey, perAddress);
      },
    };
  }
}
