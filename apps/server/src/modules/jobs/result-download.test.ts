import {
  historyCsv,
  historyFileName,
  JOB_PATHS,
  jobIdFromArn,
  RESULT_FORMAT_MESSAGE,
  resultFileName,
  resultJson,
  type JobResultDocument,
} from '@hivqe/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth-flows.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  hybridPayload,
  iqmPayload,
  jobUser,
  storedJob,
  storeH2Result,
} from '../../../test/job-flows.ts';
import { call, type TestUser } from '../../../test/org-flows.ts';
import { jobMetrics } from '../../db/schema/jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A job with a stored result and three points, one of them with no known error. */
async function finishedJob(jobArn: string): Promise<void> {
  const job = await storedJob(t.database.db, jobArn);
  await t.database.db.insert(jobMetrics).values(
    [
      [2, -1.1300000000000001, null, 2],
      [4, -1.1372, -8.3e-5, 4],
      [6, -1.137283834, 1e-12, 4],
    ].map(([costFunctionCall, energy, error, numStates], i) => ({
      jobId: job.id,
      costFunctionCall: costFunctionCall as number,
      energy: energy as number,
      error: error as number | null,
      numStates: numStates as number,
      timestamp: new Date(Date.UTC(2026, 10, 28, 10, 0, i)),
    })),
  );
  await storeH2Result(t.database.db, job.id, -1.137283834);
}

const get = (user: TestUser, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...bearer(user.token), ...headers } });

describe('GET /hi-vqe/hybrid-jobs/result as a download (issue 28 §5)', () => {
  it("sends the console's JSON and CSV files byte for byte, by format or by Accept", async () => {
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, hybridPayload(undefined, { job_name: 'h2 run/1' }));
    await finishedJob(job_arn);
    const url = byArn(JOB_PATHS.hybridJobResult, job_arn);
    const document = (await get(user, url)).json() as JobResultDocument;
    expect(document.history).toHaveLength(3);

    const csv = await get(user, `${url}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${historyFileName(document)}"`);
    expect(csv.body).toBe(historyCsv(document));
    expect(csv.body.split('\r\n')[1]).toBe('1,2,-1.1300000000000001,,2,2026-11-28T10:00:00.000Z');

    const json = await get(user, `${url}&format=json`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-disposition']).toBe(`attachment; filename="${resultFileName(document)}"`);
    expect(json.body).toBe(resultJson(document));
    expect(resultFileName(document)).toBe('h2_run_1-result.json');

    expect((await get(user, url, { accept: 'text/csv' })).body).toBe(historyCsv(document));
    expect((await get(user, url, { accept: 'application/json;q=0.9, text/csv' })).body).toBe(
      historyCsv(document),
    );
    for (const accept of ['application/json', '*/*', 'text/csv;q=0.5, application/json', 'text/csv;q=0']) {
      const answer = await get(user, url, { accept });
      expect(answer.headers['content-disposition'], accept).toBeUndefined();
      expect(answer.json(), accept).toEqual(document);
    }
  });

  it('refuses an unknown format with 400 and the formats it takes, and is read only by the owner', async () => {
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, hybridPayload());
    const url = byArn(JOB_PATHS.hybridJobResult, job_arn);
    for (const format of ['xml', 'CSV', '', 'csv '.repeat(1000)]) {
      const refused = await get(user, `${url}&format=${encodeURIComponent(format)}`);
      expect(refused.statusCode, format).toBe(400);
      expect(refused.json().message, format).toContain(RESULT_FORMAT_MESSAGE);
    }
    expect((await get(user, `${url}&format=csv%00`)).statusCode).toBe(400);
    const stranger = await jobUser(t);
    expect((await get(stranger, `${url}&format=csv`)).statusCode).toBe(404);
  });

  it("sends an IQM job's history as CSV to a system administrator", async () => {
    const admin = await jobUser(t, { admin: true });
    const created = await call(t.app, 'POST', JOB_PATHS.iqmJobs, admin, iqmPayload());
    expect(created.statusCode, created.body).toBe(201);
    const { job_arn } = created.json() as { job_arn: string };
    await finishedJob(job_arn);
    const url = JOB_PATHS.iqmJobResult(jobIdFromArn(job_arn));
    const document = (await get(admin, url)).json() as JobResultDocument;
    const csv = await get(admin, `${url}?format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(historyCsv(document));
  });
});
