import { buildHybridJobPayload, defaultCloudJobForm, JOB_PATHS } from '@hivqe/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  INTERNAL_DOMAIN,
  startConsole,
  type Console,
} from '../support/console.ts';
import { firstAdminSignIn, signedInUser } from '../support/flows.ts';

/** Issue 24 §5: a system administrator stops another user's job that holds the only worker. */

let browser: Browser;
let app: Console;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** N2 in 6-31G with early stopping off and the most iterations a job may ask for: it runs for minutes. */
function longJobPayload() {
  const form = defaultCloudJobForm({});
  return buildHybridJobPayload({
    ...form,
    basis: '631g',
    convergence_count: 0,
    max_iterations: 1000,
    parameters: { ...form.parameters, maxIterations: 1000 },
  });
}

/** Calls the API from the page, with the session the console keeps, as the console itself would. */
function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

describe('admin: active jobs', () => {
  it('a system administrator sees another user’s running job and cancels it from the Admin Panel', async () => {
    // An employee of the operating company: their jobs run by direct execution, without a subscription.
    const greedy = await signedInUser(browser, app.baseUrl, uniqueEmail('greedy', INTERNAL_DOMAIN));
    const created = await callApi(greedy, 'POST', JOB_PATHS.hybridJobs, longJobPayload());
    expect(created.status).toBe(201);
    const jobArn = String(created.body.job_arn);
    const jobName = jobArn.split('/').at(-1)!;

    const admin = await openPage(browser, app.baseUrl);
    await firstAdminSignIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD, 'e2e-admin-password-2');
    await admin.goto('/admin');
    const section = admin.locator('section', { has: admin.getByRole('heading', { name: 'Active Jobs' }) });
    const row = section.getByRole('listitem', { name: jobName });
    await row
      .getByText('RUNNING')
      .waitFor({ timeout: 60_000 })
      .catch(async () => {
        // Still queued on a loaded machine: read the list again until the runner has it.
        await section.getByRole('button', { name: 'Refresh' }).click();
        await row.getByText('RUNNING').waitFor({ timeout: 60_000 });
      });
    await row.getByRole('button', { name: `Cancel job ${jobName}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cancel Job' });
    await dialog.getByRole('button', { name: 'Cancel Job' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached', timeout: 30_000 });

    const job = await callApi(greedy, 'GET', `${JOB_PATHS.hybridJob}?job_arn=${encodeURIComponent(jobArn)}`);
    expect(job.body.status).toBe('CANCELLED');
  }, 240_000);
});
