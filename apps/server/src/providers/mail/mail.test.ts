import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { confirmationMail } from '../../modules/auth/mails.ts';
import { invitationMail } from '../../modules/invites/mails.ts';
import { OutboxMailer } from './outbox.ts';
import { SmtpMailer } from './smtp.ts';

const FROM = 'HI-VQE Console <no-reply@hivqe.test>';

describe('outbox mailer', () => {
  it('writes each mail as an .eml file named by time and recipient, and lists newest first', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const outbox = new OutboxMailer(dir, FROM, log);
    await outbox.send(confirmationMail('first@example.com', '123456', 10));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await outbox.send(confirmationMail('second@example.com', '654321', 10));

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*-first@example\.com\.eml$/);
    const eml = await readFile(path.join(dir, files[0]), 'utf8');
    expect(eml).toContain('To: first@example.com');
    expect(eml).toContain('Your confirmation code is 123456');
    expect(lines.join('')).toContain('second@example.com');

    const listed = await outbox.list();
    expect(listed.map((entry) => entry.file)).toEqual([files[1], files[0]]);
  });

  it('never writes a code or an invitation link to the log, at any level', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const outbox = new OutboxMailer(dir, FROM, log);
    await outbox.send(confirmationMail('code@example.com', '908172', 10));
    const token = 'tok-secret-invitation-token-42';
    await outbox.send(
      invitationMail({
        to: 'invitee@example.com',
        role: 'system_admin',
        organizationName: null,
        inviterEmail: 'admin@example.com',
        message: null,
        token,
        expiresAt: new Date('2030-01-01T00:00:00Z'),
        publicUrl: 'http://localhost:8080',
      }),
    );
    const logged = lines.join('');
    expect(logged).toContain('invitee@example.com');
    expect(logged).not.toContain('908172');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('/invite/accept');
    const emls = await outbox.list();
    expect(emls.map((entry) => entry.eml).join('')).toContain(token);
  });

  it('lists nothing before the first mail', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'outbox-')), 'not-yet');
    expect(await new OutboxMailer(dir, FROM, pino({ level: 'silent' })).list()).toEqual([]);
  });
});

describe('SMTP mailer', () => {
  it('delivers through a real SMTP server', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, FROM);
    try {
      await mailer.send(confirmationMail('someone@example.com', '246810', 10));
      expect(received).toHaveLength(1);
      expect(received[0].from).toBe('no-reply@hivqe.test');
      expect(received[0].to).toEqual(['someone@example.com']);
      expect(received[0].data).toContain('Your confirmation code is 246810');
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
