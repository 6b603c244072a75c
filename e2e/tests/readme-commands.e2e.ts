import { exec } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, uniqueEmail } from '../support/browser.ts';
import { startConsole } from '../support/console.ts';
import { signedInUser } from '../support/flows.ts';

/**
 * The README's commands run as it writes them, from the repository root (issue 27: a command that works only
 * in another spelling fails a newcomer). `npm test` and the suites are CI's own steps (.ci/run); the engine's
 * command line is run by packages/engine/test/cli.test.ts; the benches print figures and are run by hand.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The line of the README's first shell block that starts with `start`, without its comment. */
function shellLine(start: string): string {
  const block = /```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? '';
  const line = block.split('\n').find((text) => text.startsWith(start));
  if (!line) throw new Error(`the README's shell block has no line starting "${start}"`);
  return line.replace(/#.*$/, '').trim();
}

/** A command of the README's table of other commands. */
function tableCommand(command: string): string {
  if (!README.includes(`| \`${command}\``)) throw new Error(`the README's table does not list ${command}`);
  return command;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the README's commands, as written", () => {
  it('`npm install && npm start` serves the console, where a researcher signs up and in', async () => {
    const app = await startConsole({}, shellLine('npm install'));
    try {
      const email = uniqueEmail('readme');
      const page = await signedInUser(browser, app.baseUrl, email);
      await expect(page.getByText(`Welcome, ${email}`).isVisible()).resolves.toBe(true);
      await page.context().close();
    } finally {
      await app.stop();
    }
  });

  it('`npm run worker` without DATABASE_URL says it needs PostgreSQL and exits 1', async () => {
    const outcome = await new Promise<{ code: number | null; output: string }>((resolve) =>
      exec(
        tableCommand('npm run worker'),
        { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' }, timeout: 120_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (error.code ?? null) : 0, output: stdout + stderr }),
      ),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain('npm run worker needs DATABASE_URL');
  });
});
