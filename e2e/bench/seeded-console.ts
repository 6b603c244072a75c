import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { AuthRepo } from '../../apps/server/src/modules/auth/repo.ts';
import { seedJobs } from '../../apps/server/test/job-seed.ts';
import { openPage, uniqueEmail } from '../support/browser.ts';
import { INTERNAL_DOMAIN, startConsole, type Console } from '../support/console.ts';
import { signUp } from '../support/flows.ts';

export interface SeededConsole {
  app: Console;
  /** The user who owns the jobs; their password is the flows' PASSWORD. */
  email: string;
  /** How long seeding the jobs took, in ms. */
  seedMs: number;
  stop(): Promise<void>;
}

/**
 * A console started as `npm start` runs it (startConsole) whose one user owns `count` finished jobs, statuses
 * cycling through `statuses`. The user signs up and confirms in the browser, in the internal domain so their
 * jobs are permitted by direct execution (as in jobs.e2e.ts). The embedded database admits one process at a
 * time, so the jobs are inserted (seedJobs) between two starts of the server on one data directory.
 */
export async function startSeededConsole(
  browser: Browser,
  count: number,
  statuses: readonly string[],
): Promise<SeededConsole> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hivqe-bench-'));
  const env = { DATA_DIR: dataDir };
  const email = uniqueEmail('bench', INTERNAL_DOMAIN);
  try {
    const first = await startConsole(env);
    try {
      const page = await openPage(browser, first.baseUrl);
      await signUp(page, browser, first.baseUrl, email);
      await page.context().close();
    } finally {
      await first.stop();
    }

    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    let seedMs: number;
    try {
      const user = await new AuthRepo(database.db).findUserByLogin(email);
      if (!user) throw new Error(`${email} was not registered`);
      const start = performance.now();
      await seedJobs(database.db, user.id, count, statuses);
      seedMs = performance.now() - start;
    } finally {
      await database.close();
    }

    const app = await startConsole(env);
    return {
      app,
      email,
      seedMs,
      stop: async () => {
        await app.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
