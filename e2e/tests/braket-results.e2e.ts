import { startAwsStandIn, type AwsStandIn } from '@hivqe/aws-stand-in';
import { CHEMICAL_ACCURACY_MHA, JOB_PATHS, type JobResultDocument } from '@hivqe/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobProgram } from '../../apps/server/test/braket-job-process.ts';
import { H2_EXACT_ENERGY, h2Form, hybridPayload } from '../../apps/server/test/job-flows.ts';
import { launchBrowser, uniqueEmail } from '../support/browser.ts';
import { INTERNAL_DOMAIN, startConsole, type Console } from '../support/console.ts';
import { signedInUser } from '../support/flows.ts';
import { startStsStandIn } from '../support/sts-stand-in.ts';

const ACCOUNT_ID = '123456789012';
const REGION = 'us-east-1';
const BUCKET = `amazon-braket-${REGION}-${ACCOUNT_ID}`;

let browser: Browser;
let app: Console;
let aws: AwsStandIn;
let sts: Awaited<ReturnType<typeof startStsStandIn>>;
/** The job program's runs, settled when each job ends. */
const runs: Promise<void>[] = [];

beforeAll(async () => {
  [aws, sts] = await Promise.all([
    startAwsStandIn({
      buckets: [BUCKET],
      runJob: (job) => {
        const run = runJobProgram(job);
        runs.push(run.catch(() => undefined));
        return run;
      },
    }),
    startStsStandIn(),
  ]);
  [browser, app] = await Promise.all([
    launchBrowser(),
    startConsole({
      JOB_BACKEND: 'braket',
      BRAKET_CONTAINER_IMAGE: `${ACCOUNT_ID}.dkr.ecr.${REGION}.amazonaws.com/hivqe-braket-job:1`,
      BRAKET_ENDPOINT_URL: aws.endpoint,
      AWS_ENDPOINT_URL_STS: sts.url,
      AWS_ACCESS_KEY_ID: 'AKIASTANDINSTANDIN12',
      AWS_SECRET_ACCESS_KEY: 'stand-in',
      AWS_REGION: REGION,
      PLATFORM_AWS_ACCOUNT_ID: '111122223333',
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await aws?.close();
  await sts?.close();
});

async function bearer(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  return { Authorization: `Bearer ${token}` };
}

describe('a Braket job in the browser', () => {
  it("shows the result the job left in S3 on the monitor's result card", async () => {
    const page = await signedInUser(browser, app.baseUrl, uniqueEmail('braket', INTERNAL_DOMAIN));
    const headers = await bearer(page);
    const saved = await page.request.put('/api/v1/account/settings/aws', {
      headers,
      data: { account_id: ACCOUNT_ID, aws_region: REGION },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const jobName = 'h2-on-braket';
    const created = await page.request.post(`/api/v1${JOB_PATHS.hybridJobs}`, {
      headers,
      data: hybridPayload(h2Form(), { job_name: jobName }),
    });
    expect(created.status(), await created.text()).toBe(201);
    const { job_arn: jobArn } = (await created.json()) as { job_arn: string };
    expect(jobArn).toMatch(new RegExp(`^arn:aws:braket:${REGION}:${ACCOUNT_ID}:job/`));
    // The stand-in ran the job program in the job's environment; its results are in the bucket now.
    expect(runs).toHaveLength(1);
    await runs[0];

    await page.reload();
    const row = page.getByRole('row').filter({ hasText: jobName });
    await row.getByText('COMPLETED', { exact: true }).waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: `Actions for ${jobName}` }).click();
    await page.getByRole('menuitem', { name: 'Monitor Job' }).click();
    const monitor = page.getByRole('dialog', { name: `Job Monitor - ${jobName}` });
    const card = monitor.getByRole('region', { name: 'Result' });
    await card.getByText('Final energy').waitFor();

    const document = (await (
      await page.request.get(`/api/v1${JOB_PATHS.hybridJobResult}?job_arn=${encodeURIComponent(jobArn)}`, {
        headers,
      })
    ).json()) as JobResultDocument;
    expect(document.result_unavailable_reason).toBeNull();
    const final = document.molecules[0].energies!.final;
    expect(Math.abs(final - H2_EXACT_ENERGY) * 1000).toBeLessThan(CHEMICAL_ACCURACY_MHA);
    // The card shows the archive's energy (8 decimals), read from S3 where Braket's SDK reads it.
    await card.getByText(`${final.toFixed(8)} Ha`, { exact: true }).waitFor();
    expect(await card.getByRole('alert').count()).toBe(0);
    const archive = aws.requests.filter(
      (request) =>
        request.operation === 'GetObject' && String(request.input?.Key).endsWith('/data/output/model.tar.gz'),
    );
    expect(archive).toHaveLength(1);
    expect(sts.assumed.every((role) => role === `arn:aws:iam::${ACCOUNT_ID}:role/HI-VQE-Access-Role`)).toBe(
      true,
    );
  });
});
