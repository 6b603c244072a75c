import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../test/auth-flows.ts';
import { createTestApp, openTestDatabase } from '../../test/harness.ts';
import { makeUser } from '../../test/org-flows.ts';
import type { Database } from '../db/client.ts';
import { trustProxySetting } from './trust-proxy.ts';

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/**
 * Signs in through a proxy at PROXY that says the client is CLIENT, and reads the IP the login event recorded:
 * what request.ip was for the server.
 */
async function recordedIp(trustProxy: boolean | number | string[]): Promise<string> {
  const t = await createTestApp({ trustProxy }, database);
  try {
    const user = await makeUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: user.email, password: PASSWORD },
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `198.51.100.1, ${CLIENT}` },
    });
    expect(login.statusCode).toBe(200);
    const history = await t.app.inject({
      url: '/api/v1/auth/history',
      headers: { authorization: `Bearer ${user.token}` },
    });
    const logins = history
      .json()
      .events.filter((event: { event_type: string }) => event.event_type === 'LOGIN');
    // Newest first: the sign-in through the proxy, after makeUser's own.
    expect(logins).toHaveLength(2);
    return logins[0].ip_address;
  } finally {
    await t.close();
  }
}

describe('TRUST_PROXY', () => {
  it('parses off, a hop count, or proxies by address and CIDR', () => {
    expect(trustProxySetting.parse(undefined)).toBe(false);
    expect(trustProxySetting.parse('')).toBe(false);
    expect(trustProxySetting.parse('0')).toBe(false);
    expect(trustProxySetting.parse('2')).toBe(2);
    expect(trustProxySetting.parse(' 10.0.0.0/8, ::1 ,192.168.1.10,loopback')).toEqual([
      '10.0.0.0/8',
      '::1',
      '192.168.1.10',
      'loopback',
    ]);
  });

  it.each(['true', 'yes', '10.0.0.0/33', '::1/129', '300.1.1.1', '10.0.0.1,', '17', '1/2/3', 'a\u0000b'])(
    'refuses %j',
    (value) => {
      expect(trustProxySetting.safeParse(value).success).toBe(false);
    },
  );

  it("off (the default), X-Forwarded-For does not change the client's IP", async () => {
    expect(await recordedIp(false)).toBe(PROXY);
  });

  it('with a proxy that is not the peer, X-Forwarded-For is still ignored', async () => {
    expect(await recordedIp(['10.9.9.9'])).toBe(PROXY);
  });

  it("with the peer listed as a proxy, the client's IP is the hop before it", async () => {
    expect(await recordedIp([PROXY])).toBe(CLIENT);
    expect(await recordedIp(['10.0.0.0/8'])).toBe(CLIENT);
  });

  it('with a hop count, that many proxies are believed', async () => {
    expect(await recordedIp(1)).toBe(CLIENT);
    expect(await recordedIp(2)).toBe('198.51.100.1');
  });
});
