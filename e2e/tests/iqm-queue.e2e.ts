import { JOB_PATHS } from '@hivqe/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeIqmServer } from '../../apps/server/test/fake-iqm-server.ts';
import { H2_EXACT_ENERGY, iqmPayload } from '../../apps/server/test/job-flows.ts';
import { openPage } from '../support/browser.ts';
import { ADMIN_PASSWORD, INTERNAL_DOMAIN, type Console } from '../support/console.ts';
import { startIqmConsole, type IqmConsole } from '../support/iqm-console.ts';
import { firstAdminSignIn } from '../support/flows.ts';
import { DESKTOP, saveScreen } from '../support/screens.ts';

/** One of the operating company's own accounts: its IQM jobs are permitted by direct execution. */
const ADMIN_EMAIL = `admin@${INTERNAL_DOMAIN}`;
/** The administrator's IQM Resonance API key: 64 characters, as the settings require. */
const IQM_KEY = `${'q'.repeat(54)}0123456789`;
/** Where IQM puts each job of this file's runs: it counts down from here unless the queue is held. */
const QUEUE_POSITION = 3;
/** An H2 run on the local engine with its shots from the fake: generous, the machine is small and shared. */
const JOB_TIMEOUT = 120_000;

let browser: Browser;
let app: Console;
/** IQM Resonance on 127.0.0.1, running the circuits on the engine's exact simulator; it accepts IQM_KEY only. */
let iqm: FakeIqmServer;
let stand: IqmConsole | undefined;
beforeAll(async () => {
  stand = await startIqmConsole(ADMIN_EMAIL, IQM_KEY, { queuePolls: QUEUE_POSITION });
  ({ browser, app, iqm } = stand);
});
afterAll(async () => stand?.stop());

async function bearer(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token, 'the signed-in page holds an access token').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

describe("an IQM job waiting in IQM Resonance's queue", () => {
  it(
    'is shown waiting on the monitor, at its position and with the time waited, until the queue moves and the job completes',
    async () => {
      const page = await openPage(browser, app.baseUrl);
      await page.setViewportSize(DESKTOP);
      await firstAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, 'admin-new-pass-1');
      const headers = await bearer(page);
      const saved = await page.request.put('/api/v1/account/settings/iqm', {
        headers,
        data: { iqm_api_key: IQM_KEY },
      });
      expect(saved.status(), await saved.text()).toBe(200);

      // The queue does not move: the run's first IQM job waits at its position.
      iqm.holdQueue(true);
      const created = await page.request.post(`/api/v1${JOB_PATHS.iqmJobs}`, {
        headers,
        data: iqmPayload({
          molecules: { '0.74': 'H 0 0 0;H 0 0 0.74' },
          exact_energies: { '0.74': H2_EXACT_ENERGY },
        }),
      });
      expect(created.status(), await created.text()).toBe(201);

      await page.goto('/?section=iqm');
      const card = page.getByRole('button', { name: /^iqm-job-/ });
      await card.waitFor();
      await page
        .getByRole('listitem')
        .filter({ has: card })
        .getByRole('button', { name: 'Monitor Job' })
        .click();
      const monitor = page.getByRole('dialog', { name: /^Job Monitor - iqm-job-/ });
      const waiting = monitor.getByText(/^Waiting in IQM Resonance's queue: /);
      await waiting.waitFor({ timeout: JOB_TIMEOUT });
      await monitor.getByText('RUNNING', { exact: true }).waitFor();
      const first = await waiting.innerText();
      expect(first).toMatch(
        new RegExp(`^Waiting in IQM Resonance's queue: position ${QUEUE_POSITION}, waited \\d+ s$`),
      );
      // The time waited counts on while the job keeps its place.
      await expect.poll(() => waiting.innerText(), { timeout: 10_000, interval: 250 }).not.toBe(first);
      expect(await waiting.innerText()).toMatch(
        new RegExp(`^Waiting in IQM Resonance's queue: position ${QUEUE_POSITION}, waited \\d+ s$`),
      );
      expect(iqm.jobs).toHaveLength(1);
      expect(iqm.jobs[0]?.status).toBe('waiting');
      // The engine has solved RHF before its first IQM job: the card shows it while the rest is to come.
      const result = monitor.getByRole('region', { name: 'Result' });
      await result.getByText(/^-1\.116\d{5} Ha$/).waitFor({ timeout: 30_000 });
      expect(await result.getByText('not known yet').count()).toBeGreaterThan(0);
      await saveScreen(monitor, 'iqm-queue');

      // The queue moves: the job runs, its later IQM jobs pass through the queue, and the run completes.
      iqm.holdQueue(false);
      await monitor.getByText('COMPLETED', { exact: true }).waitFor({ timeout: JOB_TIMEOUT });
      expect(await monitor.getByText(/IQM Resonance's queue/).count()).toBe(0);
      await monitor
        .getByRole('region', { name: 'Result' })
        .getByText(/^-1\.137\d+ Ha$/)
        .first()
        .waitFor({ timeout: 30_000 });
      expect(iqm.jobs.length).toBeGreaterThan(1);
      expect(iqm.jobs.every((job) => job.status === 'completed')).toBe(true);
      await page.context().close();
    },
    2 * JOB_TIMEOUT,
  );
});
