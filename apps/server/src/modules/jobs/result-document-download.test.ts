import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  canonicalJson,
  JOB_PATHS,
  RESULT_FORMAT_MESSAGE,
  resultJson,
  scanCurveCsv,
  scanCurveFileName,
  scanCurveJson,
  type CreateHybridJobResponse,
  type JobResultDocument,
  type ScanResponse,
} from '@hivqe/contract';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth-flows.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  h2Form,
  hybridPayload,
  jobUser,
  storedJob,
  storeH2Result,
} from '../../../test/job-flows.ts';
import type { TestUser } from '../../../test/org-flows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (user: TestUser, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...bearer(user.token), ...headers } });

const schema = JSON.parse(
  readFileSync(new URL('../../../../../docs/result-document.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe('the result document download (issue 30 §4)', () => {
  it('is valid by docs/result-document.schema.json and names the engine, the input digest and the active space', async () => {
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, hybridPayload());
    const job = await storedJob(t.database.db, job_arn);
    await storeH2Result(t.database.db, job.id, -1.137283834);
    const url = byArn(JOB_PATHS.hybridJobResult, job_arn);
    const answer = (await get(user, url)).json() as JobResultDocument;
    expect(answer.input_sha256).toBe(
      createHash('sha256').update(canonicalJson(job.hyperparameters)).digest('hex'),
    );
    expect(answer.engine).toEqual({ name: '@hivqe/engine', version: '0.1.0' });
    expect(answer.molecules[0].specification).toMatchObject({ multiplicity: 1, electrons: 2 });

    const download = await get(user, `${url}&format=json`);
    // The console saves resultJson of the answer it fetched: the same bytes.
    expect(download.body).toBe(resultJson(answer));
    const validate = new Ajv({ allErrors: true }).compile(schema);
    const document = JSON.parse(download.body) as { units: unknown; molecules: { specification: unknown }[] };
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.units).toEqual({ energy: 'Ha', energy_error: 'mHa', length: 'Å', time: 's' });
    expect(document.molecules[0].specification).toMatchObject({
      charge: 0,
      // H2: the molecule's own group (D∞h, named by its Abelian subgroup) beside the one computed in.
      molecular_point_group: 'D2h',
      active_space: { point_group: 'C1' },
    });
  });
});

describe("GET /hi-vqe/hybrid-jobs/scan as a download: the scan's curve (issue 28 §5, issue 30 §4)", () => {
  async function scanWithOneResult(user: TestUser) {
    const h2 = (bond: string) => `H 0 0 0;H 0 0 ${bond}`;
    const form = { ...h2Form(), molecules: { '0.74': h2('0.74'), '1.0': h2('1.0') }, exactEnergies: {} };
    const created = (await createHybridJob(t, user, hybridPayload(form))) as CreateHybridJobResponse;
    const scan = created.scan!;
    const first = await storedJob(t.database.db, scan.jobs[0].job_arn);
    await storeH2Result(t.database.db, first.id, -1.137283834);
    return `${JOB_PATHS.hybridJobScan}?scan_id=${scan.scan_id}`;
  }

  it("sends the console's CSV and JSON byte for byte, by format or by Accept", async () => {
    const user = await jobUser(t);
    const url = await scanWithOneResult(user);
    const scan = (await get(user, url)).json() as ScanResponse;

    const csv = await get(user, `${url}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="${scanCurveFileName(scan, 'csv')}"`,
    );
    expect(csv.body).toBe(scanCurveCsv(scan));
    const [header, finished, pending] = csv.body.split('\r\n');
    expect(header.split(',')[0]).toBe('bond_length_angstrom');
    expect(finished).toMatch(/^0\.74,-1\.137283834,-1\.1167,-1\.1373,-1\.1373,casci,/);
    expect(pending).toMatch(/^1,,,,,,,,,QUEUED,/);

    const json = await get(user, `${url}&format=json`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-disposition']).toBe(
      `attachment; filename="${scanCurveFileName(scan, 'json')}"`,
    );
    expect(json.body).toBe(scanCurveJson(scan));
    expect((await get(user, url, { accept: 'text/csv' })).body).toBe(scanCurveCsv(scan));
    expect((await get(user, url, { accept: 'application/json' })).json()).toEqual(scan);
  });

  it('refuses an unknown format with 400, and another user gets 404', async () => {
    const user = await jobUser(t);
    const url = await scanWithOneResult(user);
    const refused = await get(user, `${url}&format=xml`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(RESULT_FORMAT_MESSAGE);
    const stranger = await jobUser(t);
    expect((await get(stranger, `${url}&format=csv`)).statusCode).toBe(404);
  });
});
