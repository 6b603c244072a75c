import { randomBytes } from 'node:crypto';
import {
  AQUILA,
  JOB_MESSAGES,
  LOGS_PATH,
  JOB_PATHS,
  ORBITALS_OVERLAP_MESSAGE,
  PRIORITY_MESSAGES,
  SV1,
  toHyperparameters,
} from '@hivqe/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  h2Form,
  hybridPayload,
  jobCount,
  jobUser,
  storedJob,
} from '../../../test/job-flows.ts';
import { seedJobs } from '../../../test/job-seed.ts';
import { addMember, call, createOrg, makeUser, subscribe } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';

const INTERNAL_DOMAIN = 'company.test';
let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
// No runner here: jobs stay where the API puts them. The runner has its own tests (src/worker).
beforeEach(async () => {
  t = await createTestApp({ internalEmailDomain: INTERNAL_DOMAIN, companyName: 'acme' }, database);
});
afterEach(async () => t.close());

const LOCAL_ARN = /^arn:aws:braket:us-east-1:000000000000:job\/hivqe-\d{13}-[0-9a-f]{4}$/;

describe('POST /hi-vqe/hybrid-jobs', () => {
  it('queues the job under the user, billed to their source, with the hyperparameters as strings', async () => {
    const user = await jobUser(t);
    const payload = hybridPayload();
    const created = await createHybridJob(t, user, payload);
    expect(created.status).toBe('QUEUED');
    expect(created.job_arn).toMatch(LOCAL_ARN);

    const row = await storedJob(database.db, created.job_arn);
    expect(row).toMatchObject({
      userId: user.id,
      kind: 'hybrid',
      backend: 'local',
      status: 'QUEUED',
      device: SV1.arn,
      roleArn: null,
      instanceConfig: payload.instance_config,
      tags: payload.tags,
      hyperparameters: toHyperparameters(payload),
      permissionSource: { type: 'individual', billed_to: user.email, execution_context: 'marketplace' },
    });
    expect(row.hyperparameters).toMatchObject({
      molecule_geometry: 'H 0 0 0;H 0 0 0.74',
      active_orbitals: '[0,1]',
      frozen_orbitals: '[]',
      shots: '1000',
    });
  });

  it('takes role, bucket and image from the server, not the payload', async () => {
    const user = await jobUser(t);
    const payload = hybridPayload(h2Form(), {
      role_arn: 'arn:aws:iam::123456789012:role/Intruder',
      ecr_image_uri: 'evil/image:latest',
      output_data_config: { s3Path: 's3://someone-elses-bucket/jobs' },
    });
    const { job_arn } = await createHybridJob(t, user, payload);
    const detail = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobDetail, job_arn), user)).json();
    expect(detail.job_history).toMatchObject({ assume_role_used: false, role_arn: null });
    expect(detail.job_parameters.output_data_config).toBeNull();
    expect(JSON.stringify(detail)).not.toMatch(/Intruder|evil|someone-elses/);
  });

  const outOfRange: [string, Record<string, unknown>, string][] = [
    ['shots 0', { shots: 0 }, 'shots must be a whole number from 1 to 100,000'],
    ['shots above 100,000', { shots: 100_001 }, 'shots must be a whole number from 1'],
    ['fractional shots', { shots: 1.5 }, 'shots must be a whole number'],
    ['max_iter 0', { max_iter: 0 }, 'max_iter must be a whole number from 1'],
    ['max_states 0', { max_states: 0 }, 'max_states must be a whole number from 1'],
    ['max_expansion_states 0', { max_expansion_states: 0 }, 'max_expansion_states must be a whole number'],
    ['ansatz_reps 0', { ansatz_reps: 0 }, 'ansatz_reps must be a whole number from 1 to 10'],
    ['ansatz_reps 11', { ansatz_reps: 11 }, 'ansatz_reps must be a whole number from 1 to 10'],
    ['convergence_count -1', { convergence_count: -1 }, 'convergence_count must be a whole number from 0'],
    ['convergence_count 101', { convergence_count: 101 }, 'convergence_count must be a whole number'],
    ['negative tolerance', { tolerance: -0.1 }, 'tolerance must be a number from 0 to 1'],
    ['negative screening', { amplitude_screening_tolerance: -1 }, 'amplitude_screening_tolerance must'],
    ['negative abstol', { convergence_abstol: -1e-4 }, 'convergence_abstol must be a number from 0 to 1'],
    ['overlapping orbitals', { active_orbitals: [0, 1], frozen_orbitals: [1] }, ORBITALS_OVERLAP_MESSAGE],
    ['bad geometry', { molecule_geometry: 'H 0 0;H 0 0 0.74' }, "molecule_geometry must be atoms 'El x y z'"],
    ['unknown basis', { basis: 'sto-4g' }, 'basis must be one of'],
    ['unknown ansatz', { ansatz: 'qaoa' }, 'ansatz must be one of'],
    ['unknown entanglement', { ansatz_entanglement: 'star' }, 'ansatz_entanglement must be one of'],
    ['unknown device', { device_name: 'arn:aws:braket:::device/x/y' }, 'device_name must be the ARN'],
    ['unknown region', { aws_region: 'mars-north-1' }, 'aws_region must be one of'],
    ['device outside its region', { device_name: AQUILA.arn, aws_region: 'us-west-1' }, 'not offered in'],
    ['missing geometry', { molecule_geometry: undefined }, 'molecule_geometry'],
    // The contract knows the wizard's ansatz names; the local engine runs three of them and says so.
    ['an ansatz the engine lacks', { ansatz: 'ucc-s-d' }, 'ansatz must be one of epa, hardware_efficient'],
  ];
  it.each(outOfRange)('refuses %s with 400 and creates nothing', async (_case, changes, message) => {
    const user = await jobUser(t);
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form(), changes));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, undefined, hybridPayload());
    expect(res.statusCode).toBe(401);
  });
});

describe('permission sources on create', () => {
  it('refuses a user without a valid source with 403 and the reason, and creates nothing', async () => {
    const user = await makeUser(t);
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PRIORITY_MESSAGES.noSource, code: 'no_permission_source' });
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('refuses a requested source that is not valid now', async () => {
    const user = await makeUser(t);
    const owner = await makeUser(t, { tag: 'owner' });
    const orgId = await createOrg(t, owner, 'Unsubscribed org', true);
    await addMember(t, owner, orgId, user);
    const cases = [
      [{ type: 'individual' }, PRIORITY_MESSAGES.personalInactive],
      [{ type: 'organization', organization_id: orgId }, PRIORITY_MESSAGES.ownerSubscriptionInactive],
      [{ type: 'organization', organization_id: crypto.randomUUID() }, PRIORITY_MESSAGES.notMember],
      [{ type: 'acme_domain' }, PRIORITY_MESSAGES.internalOnly],
    ] as const;
    for (const [permission_source, message] of cases) {
      const res = await call(
        t.app,
        'POST',
        JOB_PATHS.hybridJobs,
        user,
        hybridPayload(h2Form(), { permission_source }),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(message);
    }
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('bills the organization the payload names', async () => {
    const user = await jobUser(t);
    const owner = await makeUser(t, { tag: 'owner' });
    await subscribe(database, owner);
    const orgId = await createOrg(t, owner, 'Billed org', true);
    await addMember(t, owner, orgId, user);
    const permission_source = {
      type: 'organization',
      organization_id: orgId,
      organization_name: 'Billed org',
    };
    const { job_arn } = await createHybridJob(t, user, hybridPayload(h2Form(), { permission_source }));
    expect((await storedJob(database.db, job_arn)).permissionSource).toMatchObject({
      type: 'organization',
      organization_id: orgId,
      billed_to: owner.email,
    });
  });

  it('runs internal accounts directly, without a subscription', async () => {
    const user = await makeUser(t, { email: `staff-${randomBytes(3).toString('hex')}@${INTERNAL_DOMAIN}` });
    const { job_arn } = await createHybridJob(t, user);
    expect((await storedJob(database.db, job_arn)).permissionSource).toMatchObject({
      type: 'acme_domain',
      execution_context: 'direct',
    });
  });
});

describe('reading a job', () => {
  it('answers the job, its detail, its (empty) logs and metrics', async () => {
    const user = await jobUser(t);
    const payload = hybridPayload();
    const { job_arn } = await createHybridJob(t, user, payload);
    const row = await storedJob(database.db, job_arn);

    const job = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJob, job_arn), user);
    expect(job.statusCode).toBe(200);
    expect(job.json()).toEqual({
      job_arn,
      job_name: row.jobName,
      status: 'QUEUED',
      device: SV1.arn,
      backend: 'local',
      simulated_locally: false,
      created_at: row.createdAt.toISOString(),
      started_at: null,
      ended_at: null,
      failure_reason: null,
      tags: payload.tags,
      hyperparameters: toHyperparameters(payload),
      scan: null,
    });

    const detail = await call(
      t.app,
      'GET',
      `${byArn(JOB_PATHS.hybridJobDetail, job_arn)}&frontend_status=QUEUED`,
      user,
    );
    expect(detail.json()).toEqual({
      job_arn,
      job_history: {
        job_name: row.jobName,
        job_status: 'QUEUED',
        status: 'QUEUED',
        created_at: row.createdAt.toISOString(),
        last_updated: row.updatedAt.toISOString(),
        assume_role_used: false,
        role_arn: null,
      },
      job_parameters: {
        hyperparameters: toHyperparameters(payload),
        output_data_config: null,
        instance_config: payload.instance_config,
      },
    });

    const logs = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, job_arn), user);
    expect(logs.json()).toEqual({
      logs: [],
      log_stream_name: `${row.jobName}/algo-1`,
      success: true,
      message: 'No logs available',
    });
    const metrics = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobMetrics, job_arn), user);
    expect(metrics.json()).toEqual({ job_arn, points: [] });
  });

  it('re-reads the job on X-Force-Refresh and checks the header', async () => {
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user);
    const url = `/api/v1${byArn(JOB_PATHS.hybridJob, job_arn)}`;
    const headers = { authorization: `Bearer ${user.token}` };
    const refreshed = await t.app.inject({ url, headers: { ...headers, 'x-force-refresh': 'true' } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().job_arn).toBe(job_arn);
    const bad = await t.app.inject({ url, headers: { ...headers, 'x-force-refresh': 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('X-Force-Refresh must be true or false');
  });

  it('refuses a malformed job_arn and answers 404 for an unknown one', async () => {
    const user = await jobUser(t);
    const malformed = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJob, 'hivqe-1'), user);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('job_arn must be a job ARN');
    const unknown = 'arn:aws:braket:us-east-1:000000000000:job/hivqe-404';
    for (const path of [JOB_PATHS.hybridJob, JOB_PATHS.hybridJobDetail, JOB_PATHS.hybridJobLogs]) {
      const res = await call(t.app, 'GET', byArn(path, unknown), user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: JOB_MESSAGES.notFound, code: 'not_found' });
    }
  });
});

describe('ownership', () => {
  it("answers 404 on every call for someone else's job, and changes nothing", async () => {
    const owner = await jobUser(t);
    const stranger = await jobUser(t);
    const { job_arn } = await createHybridJob(t, owner);
    const calls = [
      ['GET', JOB_PATHS.hybridJob],
      ['GET', JOB_PATHS.hybridJobDetail],
      ['GET', JOB_PATHS.hybridJobLogs],
      ['GET', JOB_PATHS.hybridJobMetrics],
      ['POST', JOB_PATHS.hybridJobCancel],
    ] as const;
    for (const [method, path] of calls) {
      const res = await call(t.app, method, byArn(path, job_arn), stranger);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ message: JOB_MESSAGES.notFound, code: 'not_found' });
    }
    const listed = await call(t.app, 'GET', JOB_PATHS.hybridJobs, stranger);
    expect(listed.json()).toEqual({ jobs: [], next_token: null, total_count: 0 });
    expect((await storedJob(database.db, job_arn)).status).toBe('QUEUED');
  });

  it("lets a system administrator list, read and cancel anyone's jobs", async () => {
    const owner = await jobUser(t);
    const admin = await makeUser(t, { admin: true, tag: 'admin' });
    const { job_arn } = await createHybridJob(t, owner);
    for (const login of [owner.email, owner.email.toUpperCase(), owner.username]) {
      const res = await call(
        t.app,
        'GET',
        `${JOB_PATHS.hybridJobs}?user_id=${encodeURIComponent(login)}`,
        admin,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().jobs.map((job: { job_arn: string }) => job.job_arn)).toEqual([job_arn]);
    }
    expect((await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobDetail, job_arn), admin)).statusCode).toBe(200);
    expect((await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, job_arn), admin)).statusCode).toBe(
      200,
    );
    const unknown = await call(t.app, 'GET', `${JOB_PATHS.hybridJobs}?user_id=nobody@example.com`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: JOB_MESSAGES.userNotFound, code: 'not_found' });
  });

  it("refuses a non-admin's user_id naming someone else with 403, and accepts their own", async () => {
    const user = await jobUser(t);
    const other = await jobUser(t);
    await createHybridJob(t, other);
    for (const login of [other.email, 'nobody@example.com']) {
      const res = await call(
        t.app,
        'GET',
        `${JOB_PATHS.hybridJobs}?user_id=${encodeURIComponent(login)}`,
        user,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: JOB_MESSAGES.otherUsersJobs, code: 'forbidden' });
    }
    const { job_arn } = await createHybridJob(t, user);
    for (const login of [user.email, user.username]) {
      const res = await call(
        t.app,
        'GET',
        `${JOB_PATHS.hybridJobs}?user_id=${encodeURIComponent(login)}`,
        user,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().jobs.map((job: { job_arn: string }) => job.job_arn)).toEqual([job_arn]);
    }
  });
});

describe('GET /hi-vqe/hybrid-jobs', () => {
  const listAll = async (user: Parameters<typeof call>[3], query = '') => {
    const arns: string[] = [];
    const sizes: number[] = [];
    let token: string | null = null;
    do {
      const tokenPart: string = token === null ? '' : `&next_token=${encodeURIComponent(token)}`;
      const res = await call(
        t.app,
        'GET',
        `${JOB_PATHS.hybridJobs}?max_results=100${query}${tokenPart}`,
        user,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as { jobs: { job_arn: string }[]; next_token: string | null };
      arns.push(...body.jobs.map((job) => job.job_arn));
      sizes.push(body.jobs.length);
      token = body.next_token;
    } while (token !== null);
    return { arns, sizes };
  };

  it('pages through 250 jobs with next_token, newest first, each job once', async () => {
    const user = await jobUser(t);
    const seeded = await seedJobs(database.db, user.id, 250);
    const { arns, sizes } = await listAll(user);
    expect(sizes).toEqual([100, 100, 50]);
    expect(arns).toEqual(seeded);
  });

  it('pages through jobs created in the same microsecond by id', async () => {
    const user = await jobUser(t);
    const seeded = await seedJobs(database.db, user.id, 5);
    await database.db.execute(
      // Every row the same creation time: only the id orders them.
      sql`update jobs set created_at = '2026-01-01T00:00:00.123456Z' where user_id = ${user.id}`,
    );
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const tokenPart: string = token === null ? '' : `&next_token=${encodeURIComponent(token)}`;
      const body = (
        await call(t.app, 'GET', `${JOB_PATHS.hybridJobs}?max_results=2${tokenPart}`, user)
      ).json();
      seen.push(...body.jobs.map((job: { job_arn: string }) => job.job_arn));
      token = body.next_token;
    } while (token !== null);
    expect([...seen].sort()).toEqual([...seeded].sort());
  });

  it('answers 10 jobs by default and filters by status', async () => {
    const user = await jobUser(t);
    const seeded = await seedJobs(database.db, user.id, 30, ['COMPLETED', 'FAILED', 'CANCELLED']);
    const first = (await call(t.app, 'GET', JOB_PATHS.hybridJobs, user)).json();
    expect(first.jobs).toHaveLength(10);
    expect(first.next_token).toEqual(expect.any(String));

    const failed = await listAll(user, '&status_filter=FAILED');
    expect(failed.arns).toEqual(seeded.filter((_, i) => i % 3 === 1));
    const running = await listAll(user, '&status_filter=RUNNING');
    expect(running.arns).toEqual([]);
  });

  it.each([
    ['max_results=0', 'max_results must be a whole number from 1 to 100'],
    ['max_results=101', 'max_results must be a whole number from 1 to 100'],
    ['status_filter=running', 'status must be one of'],
    ['next_token=bm9wZQ', JOB_MESSAGES.invalidNextToken],
    [
      `next_token=${Buffer.from('2026-02-30T00:00:00.000000Z|00000000-0000-0000-0000-000000000000').toString('base64url')}`,
      JOB_MESSAGES.invalidNextToken,
    ],
  ])('refuses %s with 400', async (query, message) => {
    const user = await jobUser(t);
    const res = await call(t.app, 'GET', `${JOB_PATHS.hybridJobs}?${query}`, user);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('POST /hi-vqe/hybrid-jobs/job/cancel', () => {
  it('cancels a queued job at once, and refuses to cancel it again with 409', async () => {
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user);
    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, job_arn), user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ job_arn, status: 'CANCELLED' });
    const row = await storedJob(database.db, job_arn);
    expect(row.status).toBe('CANCELLED');
    expect(row.endedAt).not.toBeNull();
    const logs = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, job_arn), user)).json();
    expect(logs.logs.map((log: { message: string }) => log.message)).toEqual([
      'Job cancelled before it started.',
    ]);

    // The console sends `{}` with its JSON content type where a call has no payload.
    const again = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, job_arn), user, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: JOB_MESSAGES.notCancellable('CANCELLED'), code: 'conflict' });
  });
});

describe('audit log', () => {
  it('records who created and cancelled a job, from where, and what it was billed to', async () => {
    const user = await jobUser(t);
    const admin = await makeUser(t, { admin: true, tag: 'admin' });
    const { job_arn } = await createHybridJob(t, user);
    await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, job_arn), user);
    const row = await storedJob(database.db, job_arn);

    const search = `${LOGS_PATH}?search=${encodeURIComponent(job_arn)}`;
    const { logs } = (await call(t.app, 'GET', search, admin)).json();
    expect(logs).toEqual([
      expect.objectContaining({
        action: 'job.cancel',
        actor_email: user.email,
        target_type: 'job',
        target_id: job_arn,
        target_label: row.jobName,
        details: { status: 'CANCELLED' },
      }),
      expect.objectContaining({
        action: 'job.create',
        actor_email: user.email,
        target_id: job_arn,
        ip_address: '127.0.0.1',
        details: {
          kind: 'hybrid',
          backend: 'local',
          device: SV1.arn,
          permission_source: 'individual',
          organization_id: null,
          billed_to: user.email,
        },
      }),
    ]);
  });
});
