import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { composeEml } from './compose.ts';
import type { Mail, Mailer } from './mailer.ts';

export interface OutboxEntry {
  file: string;
  eml: string;
}

/**
 * The embedded mail default: each mail becomes DATA_DIR/outbox/<time>-<to>.eml, read there or at /dev/mailbox.
 * The log says only that a mail was kept: its codes and links are secrets, and logs travel further than the disk.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: Mail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = `${stamp}-${mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`;
    await writeFile(path.join(this.dir, file), await composeEml(this.from, mail));
    this.log.info({ to: mail.to, subject: mail.subject, file }, 'outbox: mail kept for /dev/mailbox');
  }

  /** Newest first. */
  async list(): Promise<OutboxEntry[]> {
    const files = await readdir(this.dir).catch(() => [] as string[]);
    const emls = files
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse();
    return Promise.all(
      emls.map(async (file) => ({ file, eml: await readFile(path.join(this.dir, file), 'utf8') })),
    );
  }
}
