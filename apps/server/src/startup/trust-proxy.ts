import { isIP } from 'node:net';
import { z } from 'zod';

/** Fastify's trustProxy: off, the number of proxies in front, or the addresses of the proxies to believe. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or 0 believes no forwarded header; a hop count (1 for one proxy in front); or the proxies'
 * addresses and CIDRs, comma-separated. "true" (believe anyone) is refused: any client could then pick its IP.
 */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim() ?? '';
    if (text === '') return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 16) return hops === 0 ? false : hops;
    } else {
      const entries = text.split(',').map((entry) => entry.trim());
      if (entries.every(isAddressOrCidr)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message: 'a hop count (0-16) or comma-separated proxy addresses/CIDRs, e.g. 10.0.0.0/8,::1',
    });
    return z.NEVER;
  });

/**
 * Fastify's form of the setting. Fastify 5 trusts nobody for a bare hop count, so the count becomes proxy-addr's
 * trust function (as Express reads one): the socket's peer and the next hops-1 addresses are proxies. A client
 * that can bypass the proxies could then pick its IP, which is why the README prefers the proxies' addresses.
 */
export function fastifyTrustProxy(
  setting: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
