import { JOB_PATHS, type JobForm, type JobResultDocument } from '@hivqe/contract';
import { runHiVqe } from '@hivqe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test/cleanup.ts';
import { openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { appWithRunner } from '../../../test/running-app.ts';
import type { Database } from '../../db/client.ts';
import {
  byArn,
  createHybridJob,
  H2_EXACT_ENERGY,
  h2Form,
  hybridPayload,
  iqmPayload,
  jobCount,
  jobUser,
  storedJob,
  waitForStatus,
} from '../../../test/job-flows.ts';
import { call, type TestUser } from '../../../test/org-flows.ts';

const later = cleanupAfterEach();
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/**
 * An app with one started local runner: a job the checks let through really runs. The database is shared:
 * each test counts the jobs of its own user.
 */
async function setup(): Promise<TestApp> {
  return (await appWithRunner(later, { database, maxAttempts: 1 })).t;
}

const BENZENE = [
  'C 0 1.397 0;C 1.2098 0.6985 0;C 1.2098 -0.6985 0;C 0 -1.397 0;C -1.2098 -0.6985 0;C -1.2098 0.6985 0',
  'H 0 2.481 0;H 2.1486 1.2405 0;H 2.1486 -1.2405 0;H 0 -2.481 0;H -2.1486 -1.2405 0;H -2.1486 1.2405 0',
].join(';');

/** HeH+, the simplest closed-shell cation: 2 electrons at charge +1, 3 (an odd number) when neutral. */
const HEH = 'He 0 0 0;H 0 0 0.772';

/** Changes to the console's H2 STO-3G payload, each of which the engine would refuse, with its words. */
const REFUSED: [string, Record<string, unknown>, string][] = [
  [
    'an unknown element',
    { molecule_geometry: 'Xx 0 0 0;H 0 0 0.74' },
    "molecule_geometry: atom 1: unknown or unsupported element 'Xx' (supported: H to Ar)",
  ],
  [
    'an element beyond the basis sets (K)',
    { molecule_geometry: 'K 0 0 0;H 0 0 2.2' },
    "molecule_geometry: atom 1: unknown or unsupported element 'K'",
  ],
  [
    'overlapping atoms',
    { molecule_geometry: 'H 0 0 0;H 0 0 0.01' },
    'molecule_geometry: atoms 1 and 2 are at (almost) the same position',
  ],
  [
    'an odd electron count',
    { molecule_geometry: HEH },
    'molecule_geometry: the molecule has 3 electrons, an odd number (at charge 0)',
  ],
  [
    'a charge that leaves no electrons',
    { charge: 2 },
    'molecule_geometry: charge 2 leaves the molecule (nuclear charge 2) with 0 electrons',
  ],
  [
    'coordinates of 1e300',
    { molecule_geometry: 'H 0 0 0;H 0 0 1e300' },
    "molecule_geometry: atom 2 ('H 0 0 1e300'): coordinates must lie within ±1000 Å",
  ],
  [
    'active orbitals beyond the basis',
    { active_orbitals: [0, 1, 2, 3] },
    'molecule_geometry: active_orbitals 0..3 do not fit: the molecule has 2 orbitals in this basis ' +
      '(indices 0..1); 2, 3 out of range',
  ],
  [
    'a frozen virtual orbital',
    { active_orbitals: [0], frozen_orbitals: [1] },
    'molecule_geometry: frozen_orbitals 1 are not occupied',
  ],
  [
    'more basis functions than the engine holds',
    {
      molecule_geometry: BENZENE,
      basis: 'ccpvtz',
      active_orbitals: [20, 21],
      frozen_orbitals: Array.from({ length: 20 }, (_, i) => i),
    },
    'molecule_geometry: the molecule has 264 basis functions in cc-pvtz; the engine handles at most 200',
  ],
];

async function listedJobs(t: TestApp, user: TestUser, path: string): Promise<unknown[]> {
  const res = await call(t.app, 'GET', path, user);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { jobs: unknown[] }).jobs;
}

describe('chemistry checked before a cloud job is stored', () => {
  it.each(REFUSED)(
    'refuses %s with 400 and the engine’s message, storing nothing',
    async (_, changes, message) => {
      const t = await setup();
      const user = await jobUser(t);
      const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form(), changes));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await jobCount(t.database.db, user.id)).toBe(0);
      expect(await listedJobs(t, user, JOB_PATHS.hybridJobs)).toEqual([]);
    },
  );

  it('refuses a control character or a fraction as charge by the schema, naming the field', async () => {
    const t = await setup();
    const user = await jobUser(t);
    for (const charge of [0.5, '1', 1e300, '\u0000']) {
      const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form(), { charge }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(
        /charge(: Must not contain control characters| must be a whole number)/,
      );
    }
    expect(await jobCount(t.database.db, user.id)).toBe(0);
  });

  it('accepts HeH+ with charge 1, runs it and computes the cation', async () => {
    const t = await setup();
    const user = await jobUser(t);
    const form = { ...h2Form(), molecules: { '0.772': HEH }, exactEnergies: {}, charge: 1 };
    const payload = hybridPayload(form);
    expect(payload).toMatchObject({ charge: 1 });
    const { job_arn } = await createHybridJob(t, user, payload);
    const job = await waitForStatus(t.database.db, job_arn, ['COMPLETED', 'FAILED']);
    expect(job.failureReason).toBeNull();
    expect(job.hyperparameters.charge).toBe('1');

    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobResult, job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as JobResultDocument;
    const casci = await runHiVqe(job.hyperparameters, { method: 'casci' });
    // Two electrons in two orbitals: HI-VQE's subspace holds the whole space, so it lands on CASCI.
    expect(doc.molecules[0].energies).toMatchObject({ casci: casci.energy, rhf: casci.eRhf });
    expect(doc.molecules[0].energies?.final).toBeCloseTo(casci.energy, 6);
    // The neutral radical would have one more electron and a far lower energy than the bare cation's −2.8 Ha.
    expect(casci.energy).toBeGreaterThan(-2.9);
    expect(casci.energy).toBeLessThan(-2.8);
  });

  it('stores no charge for a payload without one (neutral, the spec’s fields)', async () => {
    const t = await setup();
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, hybridPayload());
    expect((await storedJob(t.database.db, job_arn)).hyperparameters).not.toHaveProperty('charge');
  });
});

describe('chemistry checked before an IQM scan is stored', () => {
  it('names the bond length of the molecule the engine refuses, and stores nothing', async () => {
    const t = await setup();
    const user = await jobUser(t, { admin: true });
    const payload = iqmPayload({ molecules: { '0.74': 'H 0 0 0;H 0 0 0.74', '0.8': 'H 0 0 0;Xx 0 0 0.8' } });
    const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'molecules["0.8"]: atom 2: unknown or unsupported element \'Xx\' (supported: H to Ar)',
    );
    expect(await jobCount(t.database.db, user.id)).toBe(0);
    expect(await listedJobs(t, user, JOB_PATHS.iqmJobs)).toEqual([]);
  });

  it('takes a charge for every molecule of the scan', async () => {
    const t = await setup();
    const user = await jobUser(t, { admin: true });
    const molecules = { '0.772': HEH, '0.9': 'He 0 0 0;H 0 0 0.9' };
    const neutral = await call(
      t.app,
      'POST',
      JOB_PATHS.iqmJobs,
      user,
      iqmPayload({ molecules, exact_energies: {} }),
    );
    expect(neutral.statusCode, neutral.body).toBe(400);
    expect(neutral.json().message).toContain('molecules["0.772"]: the molecule has 3 electrons');

    const cation = iqmPayload({ molecules, exact_energies: {}, charge: 1 });
    const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, cation);
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedJob(t.database.db, res.json().job_arn)).hyperparameters.charge).toBe('1');
  });
});

describe('the CASCI reference a job asks for (compute_reference)', () => {
  /** H2 in STO-3G without an exact energy: a full space of 4 determinants. */
  const h2Unreferenced = (changes: Partial<JobForm> = {}) => {
    const form = { ...h2Form(), exactEnergies: {}, ...changes };
    return { ...form, parameters: { ...form.parameters, max_states: 2 } };
  };

  async function resultOf(t: TestApp, user: TestUser, jobArn: string): Promise<JobResultDocument> {
    await waitForStatus(t.database.db, jobArn, ['COMPLETED', 'FAILED']);
    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobResult, jobArn), user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as JobResultDocument;
  }

  it('says max_states is why a job that did not ask goes without CASCI, and computes it when asked', async () => {
    const t = await setup();
    const user = await jobUser(t);
    const unasked = hybridPayload(h2Unreferenced());
    expect(unasked).not.toHaveProperty('compute_reference');
    const skipped = await resultOf(t, user, (await createHybridJob(t, user, unasked)).job_arn);
    expect(skipped.molecules[0]).toMatchObject({
      reference: null,
      energies: expect.objectContaining({ casci: null }),
      reference_skip_reason:
        'the full space (4 determinants) is larger than max_states (2) and the job did not ask for it (compute_reference)',
    });
    // Beside the bound, the engine's estimate: the final energy with a second-order correction, never above it.
    const { perturbative_estimate: estimate, energies } = skipped.molecules[0];
    expect(estimate).toEqual(expect.any(Number));
    expect(estimate!).toBeLessThanOrEqual(energies!.final);

    const asked = hybridPayload(h2Unreferenced({ compute_reference: true }));
    expect(asked).toMatchObject({ compute_reference: true });
    const { job_arn } = await createHybridJob(t, user, asked);
    expect((await storedJob(t.database.db, job_arn)).hyperparameters.compute_reference).toBe('true');
    const computed = await resultOf(t, user, job_arn);
    expect(computed.molecules[0].reference).toEqual({
      energy: expect.closeTo(H2_EXACT_ENERGY, 6),
      source: 'casci',
    });
    expect(computed.molecules[0].reference_skip_reason).toBeNull();
  });

  it('refuses a reference the engine’s CASCI limit rules out, before storing the job', async () => {
    const t = await setup();
    const user = await jobUser(t);
    // N2 cc-pVDZ on 16 active orbitals: C(16,5)² = 19,079,424 determinants, above the limit of 12 M.
    const form: JobForm = {
      ...h2Form(),
      molecules: { '1.1': 'N 0 0 0;N 0 0 1.1' },
      exactEnergies: {},
      basis: 'ccpvdz',
      active_orbitals: Array.from({ length: 16 }, (_, i) => i + 2),
      frozen_orbitals: [0, 1],
      compute_reference: true,
    };
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(form));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'compute_reference: molecule_geometry: CASCI refused: 19,079,424 determinants exceed the CASCI limit of 12,000,000',
    );
    expect(await jobCount(t.database.db, user.id)).toBe(0);
  });

  it('takes compute_reference for every molecule of an IQM scan, and refuses a value that is not a boolean', async () => {
    const t = await setup();
    const user = await jobUser(t, { admin: true });
    const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, iqmPayload({ compute_reference: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedJob(t.database.db, res.json().job_arn)).hyperparameters.compute_reference).toBe(
      'true',
    );

    const wrong = await call(
      t.app,
      'POST',
      JOB_PATHS.hybridJobs,
      user,
      hybridPayload(h2Form(), {
        compute_reference: 'yes',
      }),
    );
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().message).toContain('compute_reference must be true or false');
  });
});
