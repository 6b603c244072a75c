import { randomBytes } from 'node:crypto';
import { sign, unsign } from '@fastify/cookie';

export const DEVICE_COOKIE = 'hivqe_device';
export const DEVICE_COOKIE_MAX_AGE_DAYS = 180;

/**
 * OWASP's device cookie: proof that this browser once signed in to this account. The value binds the
 * account's id to a random device id and an expiry, signed with a key of its own; nothing is stored.
 */
export class DeviceCookies {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  /** A value for `userId`, keeping the device id of `presented` when that is already this browser's. */
  issue(userId: string, presented: string | undefined): string {
    const device = this.deviceOf(presented, userId) ?? randomBytes(16).toString('base64url');
    const expires = Math.floor(this.now() / 1000) + DEVICE_COOKIE_MAX_AGE_DAYS * 86_400;
    return sign(`${userId}.${device}.${expires}`, this.key);
  }

  /** The device id when `value` is a live cookie this server issued for `userId`; null otherwise. */
  deviceOf(value: string | undefined, userId: string): string | null {
    if (!value) return null;
    const { valid, value: payload } = unsign(value, this.key);
    if (!valid || !payload) return null;
    const [owner, device, expires, ...rest] = payload.split('.');
    const live = Number(expires) * 1000 > this.now();
    return owner === userId && device && live && rest.length === 0 ? device : null;
  }
}
