import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { confirmationMail } from '../auth/mails.ts';
import { OutboxMailer } from '../../providers/mail/outbox.ts';
import { MAILBOX_LOCAL_ONLY } from './mailbox.ts';

let database: Database;
let outbox: OutboxMailer;
beforeAll(async () => {
  database = await openTestDatabase();
  outbox = new OutboxMailer(
    await mkdtemp(path.join(tmpdir(), 'mailbox-')),
    'HI-VQE <no-reply@hivqe.test>',
    pino({ level: 'silent' }),
  );
  await outbox.send(confirmationMail('newcomer@example.com', '481516', 10));
});
afterAll(async () => database.close());

async function withApp(trustProxy: boolean | number | string[], use: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ mailer: outbox, trustProxy }, database);
  try {
    await use(t);
  } finally {
    await t.close();
  }
}

const open = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/dev/mailbox', remoteAddress, headers });

describe('/dev/mailbox: this machine only', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'shows the mail to a browser on this machine (%s)',
    async (address) => {
      await withApp(false, async (t) => {
        const res = await open(t, address);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('Your confirmation code is 481516');
      });
    },
  );

  it.each([
    '10.0.0.5',
    '192.168.1.20',
    '203.0.113.9',
    '::ffff:10.0.0.5',
    'fe80::1',
    '2001:db8::1',
    '0.0.0.0',
  ])('refuses a peer elsewhere (%s), showing no mail', async (address) => {
    await withApp(false, async (t) => {
      const res = await open(t, address);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MAILBOX_LOCAL_ONLY, code: 'forbidden' });
      expect(res.body).not.toContain('481516');
    });
  });

  it.each([
    ['trustProxy off', false],
    ['trustProxy on for everyone', true],
    ['trustProxy on for that peer', ['10.0.0.5']],
    ['one trusted hop', 1],
  ] as const)('judges by the socket, not X-Forwarded-For: 127.0.0.1 (%s)', async (_name, trustProxy) => {
    await withApp(typeof trustProxy === 'object' ? [...trustProxy] : trustProxy, async (t) => {
      for (const header of ['x-forwarded-for', 'x-real-ip']) {
        const res = await open(t, '10.0.0.5', { [header]: '127.0.0.1' });
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('481516');
      }
    });
  });

  it('refuses a request a proxy on this machine relayed from elsewhere', async () => {
    await withApp(['127.0.0.1'], async (t) => {
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const res = await open(t, '127.0.0.1', { [header]: '203.0.113.9' });
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('481516');
      }
    });
  });
});
