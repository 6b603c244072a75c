import { JOB_PATHS, jobIdFromArn, type JobResultDocument } from '@hivqe/contract';
import { runHiVqe } from '@hivqe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test/cleanup.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { appWithRunner } from '../../../test/running-app.ts';
import {
  byArn,
  CHEMICAL_ACCURACY,
  createHybridJob,
  H2_EXACT_ENERGY,
  hybridPayload,
  iqmPayload,
  jobUser,
  storedJob,
  storeH2Result,
  waitForStatus,
} from '../../../test/job-flows.ts';
import { call, makeUser, type TestUser } from '../../../test/org-flows.ts';

const later = cleanupAfterEach();

/** An app whose process runs one started local runner, over a database of the test's own. */
async function setup(): Promise<TestApp> {
  return (await appWithRunner(later)).t;
}

/** Tests that run no job share one database: opening one per test was most of this file's time. */
let shared: Database;
beforeAll(async () => {
  shared = await openTestDatabase();
});
afterAll(async () => shared.close());

async function appOverSharedDatabase(): Promise<TestApp> {
  const t = await createTestApp({}, shared);
  later(() => t.close());
  return t;
}

/** Exactly the fields of the spec's cloud create payload (jobs.md 3), H2 in STO-3G: no tolerance. */
const SPEC_PAYLOAD = {
  device_name: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1',
  backend_name: 'SV1',
  molecule_geometry: 'H 0 0 0;H 0 0 0.74',
  active_orbitals: [0, 1],
  frozen_orbitals: [],
  basis: 'sto-3g',
  ansatz: 'epa',
  ansatz_entanglement: 'circular',
  ansatz_reps: 2,
  max_iter: 20,
  shots: 1000,
  max_states: 20000,
  max_expansion_states: 500,
  exact_energy: H2_EXACT_ENERGY,
  geometry_tag: '0.74',
  debug_use_simulator: true,
  aws_region: 'us-east-1',
  ecr_image_uri: 'hi-vqe/engine:latest',
  configuration_recovery: false,
  amplitude_screening_tolerance: 1e-20,
  convergence_count: 3,
  convergence_abstol: 1e-4,
  reset_convergence_count: true,
  instance_config: { instanceType: 'ml.m5.24xlarge', volumeSizeInGb: 100, instanceCount: 1 },
  output_data_config: { s3Path: 's3://amazon-braket-us-east-1-123456789012/jobs' },
  tags: { Project: 'HI-VQE', User: 'quantum-user', Environment: 'development' },
};

const withoutExactEnergy = () => {
  const { exact_energy: _energy, ...payload } = SPEC_PAYLOAD;
  return payload;
};

const resultOf = async (t: TestApp, user: TestUser, jobArn: string) =>
  call(t.app, 'GET', byArn(JOB_PATHS.hybridJobResult, jobArn), user);

/** The engine's own RHF and CASCI for the job's molecule, computed here for comparison. */
const engineEnergies = (hyperparameters: Record<string, string>) =>
  runHiVqe(hyperparameters, { method: 'casci' });

describe('creating with the spec’s fields', () => {
  it('answers 201 to exactly the spec’s create payload, which lists no tolerance', async () => {
    const t = await setup();
    const user = await jobUser(t);
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, SPEC_PAYLOAD);
    expect(res.statusCode, res.body).toBe(201);
    const row = await storedJob(t.database.db, res.json().job_arn);
    expect(row.hyperparameters).not.toHaveProperty('tolerance');
  });

  it('answers 201 without exact_energy, and stores none rather than a placeholder', async () => {
    const t = await setup();
    const user = await jobUser(t);
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, withoutExactEnergy());
    expect(res.statusCode, res.body).toBe(201);
    const row = await storedJob(t.database.db, res.json().job_arn);
    expect(row.hyperparameters).not.toHaveProperty('exact_energy');
    expect(Object.values(row.hyperparameters)).not.toContain('undefined');
  });
});

describe('GET /hi-vqe/hybrid-jobs/result', () => {
  it('answers a finished H2 job’s result with the engine’s energies, CASCI as the reference', async () => {
    const t = await setup();
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, withoutExactEnergy());
    const job = await waitForStatus(t.database.db, job_arn, ['COMPLETED', 'FAILED']);
    expect(job.failureReason).toBeNull();

    const res = await resultOf(t, user, job_arn);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as JobResultDocument;
    const engine = await engineEnergies(job.hyperparameters);
    expect(doc).toMatchObject({
      job_arn,
      status: 'COMPLETED',
      failure_reason: null,
      backend: 'local',
      device: SPEC_PAYLOAD.device_name,
      hyperparameters: job.hyperparameters,
    });
    expect(doc.molecules).toHaveLength(1);
    const [molecule] = doc.molecules;
    expect(molecule).toMatchObject({ geometry_tag: '0.74', molecule_geometry: 'H 0 0 0;H 0 0 0.74' });
    expect(molecule.energies?.rhf).toBeCloseTo(engine.eRhf, 9);
    expect(molecule.energies?.nuclear_repulsion).toBeCloseTo(engine.eNuc, 9);
    expect(molecule.energies?.casci).toBeCloseTo(engine.energy, 9);
    expect(molecule.reference).toEqual({ energy: molecule.energies?.casci, source: 'casci' });
    expect(engine.energy).toBeCloseTo(H2_EXACT_ENERGY, 6);
    const final = molecule.energies!.final;
    expect(Math.abs(final - H2_EXACT_ENERGY)).toBeLessThanOrEqual(CHEMICAL_ACCURACY);
    expect(molecule.error_mha).toBeCloseTo((final - engine.energy) * 1000, 9);
    expect(molecule.within_chemical_accuracy).toBe(true);
    expect(molecule.subspace_size).toBeGreaterThanOrEqual(1);
    // The full space is CASCI's: (2 choose 1)^2 = 4 determinants for H2 in STO-3G.
    expect(molecule.full_space_size).toBe(engine.numStates);
    expect(molecule.full_space_size).toBe(4);
    expect(molecule.subspace_fraction).toBe(molecule.subspace_size! / 4);
    // Every string beyond Hartree–Fock's came from one of the three sources.
    const sources = molecule.string_sources!;
    expect(sources.sampled + sources.recovered + sources.handover).toBeGreaterThan(0);
    expect(molecule.iterations).toBeGreaterThanOrEqual(1);
    expect(molecule.engine_seconds).toBeGreaterThan(0);
    // H2's whole space is within max_states, so the engine ran its CASCI reference, and timed it apart.
    expect(molecule.reference_seconds).toBeGreaterThan(0);
    expect(molecule.reference_seconds!).toBeLessThan(molecule.engine_seconds!);
    // The engine thread's own CPU time: measured, and within the job's wall time (one thread cannot exceed it).
    expect(molecule.cpu_seconds).toBeGreaterThan(0);
    expect(molecule.cpu_seconds!).toBeLessThanOrEqual(doc.timings.wall_seconds!);
    expect(doc).toMatchObject({ simulated_locally: false, shots_per_circuit: SPEC_PAYLOAD.shots });
    // The state's heaviest determinants as the engine found them: Hartree–Fock's (both electrons in orbital 0)
    // first, with the weights of a normalised vector (issue 30 §4).
    const [leading, ...others] = molecule.leading_determinants!;
    expect(leading).toMatchObject({ alpha: '10', beta: '10' });
    expect(leading.weight).toBeGreaterThan(0.9);
    expect(leading.weight + others.reduce((sum, d) => sum + d.weight, 0)).toBeCloseTo(1, 6);

    // The history is the chart's points: the same rows, its last one the final subspace.
    const metrics = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobMetrics, job_arn), user);
    expect(doc.history).toEqual(metrics.json().points);
    expect(doc.history.at(-1)?.numStates).toBe(molecule.subspace_size);
    expect(doc.timings).toMatchObject({
      created_at: job.createdAt.toISOString(),
      started_at: job.startedAt?.toISOString(),
      ended_at: job.endedAt?.toISOString(),
      wall_seconds: (job.endedAt!.getTime() - job.startedAt!.getTime()) / 1000,
      engine_seconds: molecule.engine_seconds,
      cpu_seconds: molecule.cpu_seconds,
    });
  });

  it('names the user’s exact energy as the reference when the job has one', async () => {
    const t = await setup();
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, { ...SPEC_PAYLOAD, exact_energy: -1.2 });
    await waitForStatus(t.database.db, job_arn, ['COMPLETED', 'FAILED']);
    const [molecule] = ((await resultOf(t, user, job_arn)).json() as JobResultDocument).molecules;
    expect(molecule.reference).toEqual({ energy: -1.2, source: 'user' });
    expect(molecule.error_mha).toBeCloseTo((molecule.energies!.final + 1.2) * 1000, 9);
    expect(molecule.within_chemical_accuracy).toBe(false);
  });

  it('answers a queued job with its molecule and no energies yet', async () => {
    const t = await appOverSharedDatabase();
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, hybridPayload());
    const doc = (await resultOf(t, user, job_arn)).json() as JobResultDocument;
    expect(doc.status).toBe('QUEUED');
    expect(doc.history).toEqual([]);
    expect(doc.molecules).toEqual([
      expect.objectContaining({
        energies: null,
        reference: { energy: H2_EXACT_ENERGY, source: 'user' },
        error_mha: null,
        subspace_size: null,
        full_space_size: null,
        subspace_fraction: null,
        string_sources: null,
        reference_seconds: null,
        cpu_seconds: null,
      }),
    ]);
    expect(doc.timings).toMatchObject({
      started_at: null,
      wall_seconds: null,
      engine_seconds: null,
      cpu_seconds: null,
    });
  });

  it('answers null, not 0, for the space and CPU time of a result stored before they were measured', async () => {
    const t = await appOverSharedDatabase();
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, hybridPayload());
    const job = await storedJob(t.database.db, job_arn);
    await storeH2Result(t.database.db, job.id, -1.1372);
    const doc = (await resultOf(t, user, job_arn)).json() as JobResultDocument;
    expect(doc.molecules[0]).toMatchObject({
      subspace_size: 4,
      full_space_size: null,
      subspace_fraction: null,
      string_sources: null,
      reference_seconds: null,
      cpu_seconds: null,
    });
    expect(doc.timings).toMatchObject({ engine_seconds: 0.5, cpu_seconds: null });
  });

  it('is read as the details are: 404 for another user, 200 for a system administrator', async () => {
    const t = await appOverSharedDatabase();
    const owner = await jobUser(t);
    const { job_arn } = await createHybridJob(t, owner, hybridPayload());
    const stranger = await makeUser(t);
    const detail = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobDetail, job_arn), stranger);
    const result = await resultOf(t, stranger, job_arn);
    expect(result.statusCode).toBe(404);
    expect(result.statusCode).toBe(detail.statusCode);
    expect(result.body).not.toContain('H 0 0 0');
    const admin = await makeUser(t, { admin: true });
    expect((await resultOf(t, admin, job_arn)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobResult, job_arn))).statusCode).toBe(401);
  });

  it.each([
    ['an empty job_arn', ''],
    ['a job_arn that is not an ARN', 'job-1'],
    ['a control character', 'arn:aws:braket:us-east-1:000000000000:job/a\u0007b'],
    ['a huge job_arn', `arn:aws:braket:us-east-1:000000000000:job/${'a'.repeat(5000)}`],
  ])('refuses %s with 400 naming job_arn', async (_case, jobArn) => {
    const t = await appOverSharedDatabase();
    const user = await jobUser(t);
    const res = await resultOf(t, user, jobArn);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('job_arn');
  });

  it('answers 404 for a well-formed ARN of no job, and the IQM job’s ARN is not a cloud job', async () => {
    const t = await appOverSharedDatabase();
    const admin = await jobUser(t, { admin: true });
    const missing = await resultOf(t, admin, 'arn:aws:braket:us-east-1:000000000000:job/none');
    expect(missing.statusCode).toBe(404);
    const iqm = await call(t.app, 'POST', JOB_PATHS.iqmJobs, admin, iqmPayload());
    expect((await resultOf(t, admin, iqm.json().job_arn)).statusCode).toBe(404);
  });
});

describe('GET /hi-vqe/iqm-jobs/{id}/result', () => {
  it('answers each molecule of a finished scan, the user’s energy or CASCI as its reference', async () => {
    const t = await setup();
    const admin = await jobUser(t, { admin: true });
    const payload = iqmPayload({ exact_energies: { '0.74': H2_EXACT_ENERGY }, max_iterations: 20 });
    const created = await call(t.app, 'POST', JOB_PATHS.iqmJobs, admin, payload);
    expect(created.statusCode, created.body).toBe(201);
    const { job_arn } = created.json();
    await waitForStatus(t.database.db, job_arn, ['COMPLETED', 'FAILED']);

    const res = await call(t.app, 'GET', JOB_PATHS.iqmJobResult(jobIdFromArn(job_arn)), admin);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as JobResultDocument;
    expect(doc.status).toBe('COMPLETED');
    expect(doc.molecules.map((molecule) => molecule.geometry_tag)).toEqual(['0.74', '0.8']);
    const [first, second] = doc.molecules;
    // The local engine ran it, so the IQM computer it names only lent its name: its shots were simulated.
    expect(doc).toMatchObject({ backend: 'local', simulated_locally: true });
    expect(doc.molecules.map((molecule) => molecule.full_space_size)).toEqual([4, 4]);
    expect(doc.timings.cpu_seconds).toBeCloseTo(first.cpu_seconds! + second.cpu_seconds!, 9);
    expect(first.reference).toEqual({ energy: H2_EXACT_ENERGY, source: 'user' });
    expect(second.reference).toEqual({ energy: second.energies?.casci, source: 'casci' });
    const engine = await engineEnergies({ ...doc.hyperparameters, molecule_geometry: 'H 0 0 0;H 0 0 0.8' });
    expect(second.energies?.casci).toBeCloseTo(engine.energy, 9);
    expect(second.within_chemical_accuracy).toBe(true);
    // One history over the scan: the cost-function calls keep counting from the first molecule to the second.
    const calls = doc.history.map((point) => point.costFunctionCall);
    expect(calls).toEqual([...calls].sort((a, b) => a - b));
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('is for system administrators, and refuses a malformed id with 400', async () => {
    const t = await appOverSharedDatabase();
    const admin = await jobUser(t, { admin: true });
    const created = await call(t.app, 'POST', JOB_PATHS.iqmJobs, admin, iqmPayload());
    const id = jobIdFromArn(created.json().job_arn);
    const user = await makeUser(t);
    expect((await call(t.app, 'GET', JOB_PATHS.iqmJobResult(id), user)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', JOB_PATHS.iqmJobResult('a b'), admin)).statusCode).toBe(400);
    const otherAdmin = await makeUser(t, { admin: true });
    expect((await call(t.app, 'GET', JOB_PATHS.iqmJobResult(id), otherAdmin)).statusCode).toBe(200);
  });
});
