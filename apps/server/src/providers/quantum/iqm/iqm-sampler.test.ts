import { setTimeout as sleep } from 'node:timers/promises';
import type { Sampler } from '@hivqe/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  flipCircuit,
  flipExecutor,
  startFakeIqmServer,
  type FakeIqmServer,
} from '../../../../test/fake-iqm-server.ts';
import { IqmClient, IqmError } from './iqm-client.ts';
import { createIqmSampler, type IqmApi, type IqmQueueState } from './iqm-sampler.ts';

const POLL_MS = 2;
const CIRCUITS = [flipCircuit('a', []), flipCircuit('b', ['QB2']), flipCircuit('c', ['QB1', 'QB2'])];

let fake: FakeIqmServer;
let client: IqmClient;
let jobIds: string[];
let sampler: Sampler;
beforeEach(async () => {
  fake = await startFakeIqmServer({ execute: flipExecutor, pollsBeforeReady: 3 });
  client = new IqmClient({ ...connection(fake), retry: { baseDelayMs: 1 } });
  jobIds = [];
  sampler = await createIqmSampler(client, { pollMs: POLL_MS, onJob: (id) => jobIds.push(id) });
});
afterEach(async () => {
  await fake.close();
});

const connection = (server: FakeIqmServer) => ({
  baseUrl: server.baseUrl,
  token: server.token,
  computer: 'garnet',
});
const calls = () => fake.requests.map(({ method, path }) => `${method} ${path}`);
const API = '/api/v1';
const HEALTH_CALLS = [
  `GET ${API}/quantum-computers`,
  expect.stringMatching(/^GET \/api\/v1\/quantum-computers\/[\w-]+\/health$/),
];
const DEVICE_PATH = `${API}/calibration-sets/garnet/default/dynamic-quantum-architecture`;
const aDevice = async () => ({ calibrationSetId: 'cal-1', device: { qubits: ['QB1'], couplings: [] } });
const healthy = async () => ({ healthy: true }) as const;

/** Resolves once the fake has answered `polls` status requests for the (only) job. */
async function polled(polls: number): Promise<void> {
  while ((fake.jobs[0]?.statusPolls ?? 0) < polls) await sleep(1);
}

describe('IQM sampler', () => {
  it('runs every circuit as one job on the calibration it read, polls until it completes, then answers its counts in order', async () => {
    expect(sampler.device.qubits).toEqual(['QB1', 'QB2', 'QB3', 'QB4', 'QB5', 'QB6']);
    expect(sampler.device.couplings).toContainEqual(['QB2', 'QB5']);

    const counts = await sampler.sample(CIRCUITS, 50);

    expect(counts).toEqual([{ '00': 50 }, { '01': 50 }, { '11': 50 }]);
    const [job] = fake.jobs;
    expect(jobIds).toEqual([job.id]);
    expect(job.shots).toBe(50);
    expect(job.circuits.map((circuit) => circuit.name)).toEqual(['a', 'b', 'c']);
    expect(job.calibrationSetId).toBe(fake.calibrationSetIds.garnet);
    expect(calls()).toEqual([
      ...HEALTH_CALLS,
      `GET ${DEVICE_PATH}`,
      `POST ${API}/jobs/garnet/circuit`,
      ...Array(4).fill(`GET ${API}/jobs/${job.id}`),
      `GET ${API}/jobs/${job.id}/artifacts/measurement_counts`,
    ]);
  });

  it('rides out a 30-minute queue (a fake clock: each poll a second) and tells the time waited', async () => {
    await fake.close();
    const THIRTY_MINUTES_MS = 30 * 60_000;
    // One poll a second: the fake keeps the job queued for 1,800 polls, its position counting down.
    fake = await startFakeIqmServer({ execute: flipExecutor, queuePolls: THIRTY_MINUTES_MS / 1000 });
    let now = Date.UTC(2026, 10, 28, 9, 0);
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        now += ms;
      },
    };
    const queue: IqmQueueState[] = [];
    const patient = await createIqmSampler(new IqmClient({ ...connection(fake), retry: { clock } }), {
      pollMs: 1000,
      clock,
      queueDeadlineMs: 2 * THIRTY_MINUTES_MS,
      onQueue: (state) => queue.push(state),
    });

    expect(await patient.sample(CIRCUITS, 50)).toEqual([{ '00': 50 }, { '01': 50 }, { '11': 50 }]);
    expect(fake.jobs).toHaveLength(1);
    expect(queue[0]).toMatchObject({ waiting: true, position: THIRTY_MINUTES_MS / 1000, waitedMs: 0 });
    const left = queue.at(-1)!;
    expect(left.waiting).toBe(false);
    expect(left.waitedMs).toBeGreaterThanOrEqual(THIRTY_MINUTES_MS);

    // The same queue under a 20-minute deadline: cancelled and refused with the reason, nothing run twice.
    const hurried = await createIqmSampler(new IqmClient({ ...connection(fake), retry: { clock } }), {
      pollMs: 1000,
      clock,
      queueDeadlineMs: 20 * 60_000,
    });
    await expect(hurried.sample(CIRCUITS, 50)).rejects.toThrow(/longer than this server allows \(1200\.0 s/);
    expect(fake.jobs).toHaveLength(2);
    expect(fake.jobs[1].status).toBe('cancelled');
  });

  it('reads the device once, however many times it samples', async () => {
    await sampler.sample(CIRCUITS, 5);
    await sampler.sample(CIRCUITS, 5);
    expect(calls().filter((call) => call.endsWith('dynamic-quantum-architecture'))).toHaveLength(1);
    expect(fake.jobs).toHaveLength(2);
  });

  it('on a resumed run, collects the IQM jobs earlier runs submitted, and looks the first other call up by its token', async () => {
    // The run a worker was killed in: calls 1 and 2 recorded, call 3 submitted just before the kill, unrecorded.
    const recorded = new Map<string, string>();
    const first = await createIqmSampler(client, {
      pollMs: POLL_MS,
      token: (key) => `job-7/${key}`,
      onSubmitted: (key, id) => recorded.set(key, id),
    });
    const before = [
      await first.sample(CIRCUITS, 5, undefined, { key: '1' }),
      await first.sample(CIRCUITS.slice(1), 5, undefined, { key: '2' }),
    ];
    fake.holdJobs(true);
    await client.submit(CIRCUITS.slice(2), 5, fake.calibrationSetIds.garnet, 'job-7/3');
    fake.holdJobs(false);
    expect(recorded).toEqual(new Map(fake.jobs.slice(0, 2).map((job, i) => [String(i + 1), job.id])));

    const told = new Map<string, string>();
    const resumed = await createIqmSampler(client, {
      pollMs: POLL_MS,
      resumed: recorded,
      token: (key) => `job-7/${key}`,
      onSubmitted: (key, id) => told.set(key, id),
    });
    expect(await resumed.sample(CIRCUITS, 5, undefined, { key: '1' })).toEqual(before[0]);
    expect(await resumed.sample(CIRCUITS.slice(1), 5, undefined, { key: '2' })).toEqual(before[1]);
    expect(await resumed.sample(CIRCUITS.slice(2), 5, undefined, { key: '3' })).toEqual([{ '11': 5 }]);
    expect(await resumed.sample(CIRCUITS.slice(0, 1), 7, undefined, { key: '4' })).toEqual([{ '00': 7 }]);
    expect(fake.jobs).toHaveLength(4);
    expect(fake.submissionsPerContent()).toEqual([1, 1, 1, 1]);
    // Only the first call not recorded is looked up: a later one cannot have been submitted before.
    expect(calls().filter((call) => call === `GET ${API}/jobs`)).toHaveLength(1);
    expect(told).toEqual(
      new Map([
        ['3', fake.jobs[2].id],
        ['4', fake.jobs[3].id],
      ]),
    );
  });

  it('on a resumed run against a server that cannot be asked for a token, submits the first other call', async () => {
    fake.injectFaults('GET', /^\/api\/v1\/jobs$/, [{ status: 404, body: { detail: 'Not Found' } }]);
    const resumed = await createIqmSampler(client, {
      pollMs: POLL_MS,
      resumed: new Map(),
      token: (key) => `job-8/${key}`,
    });
    expect(await resumed.sample(CIRCUITS, 5, undefined, { key: '1' })).toEqual([
      { '00': 5 },
      { '01': 5 },
      { '11': 5 },
    ]);
    expect(fake.pendingFaults()).toBe(0);
    expect(fake.jobs).toHaveLength(1);
  });

  it("rejects with IQM's reason (its errors) when the job fails, and stops polling", async () => {
    fake.failNextJob('Qubit QB3 is out of calibration');
    const error = await sampler.sample(CIRCUITS, 50).catch((caught: unknown) => caught);

    const [job] = fake.jobs;
    expect(error).toBeInstanceOf(IqmError);
    expect((error as Error).message).toBe(`IQM job ${job.id} failed: Qubit QB3 is out of calibration`);
    await sleep(5 * POLL_MS);
    expect(job.statusPolls).toBe(4);
    expect(calls().some((call) => call.endsWith('/measurement_counts') || call.endsWith('/cancel'))).toBe(
      false,
    );
  });

  it('cancels the job in flight and rejects with the reason when the signal aborts', async () => {
    fake.holdJobs(true);
    const controller = new AbortController();
    const reason = new Error('Job cancelled by the user');
    const sampling = sampler.sample(CIRCUITS, 50, controller.signal);
    await polled(2);
    controller.abort(reason);

    await expect(sampling).rejects.toBe(reason);
    const [job] = fake.jobs;
    expect(calls().at(-1)).toBe(`POST ${API}/jobs/${job.id}/cancel`);
    expect(job.status).toBe('cancelled');
    const polls = job.statusPolls;
    await sleep(5 * POLL_MS);
    expect(job.statusPolls).toBe(polls);
  });

  it('rejects with an AbortError when the reason is not an Error', async () => {
    fake.holdJobs(true);
    const controller = new AbortController();
    const sampling = sampler.sample(CIRCUITS, 50, controller.signal);
    await polled(1);
    controller.abort('stop');

    await expect(sampling).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.jobs[0].status).toBe('cancelled');
  });

  it('submits nothing when the signal has already aborted, or when there is nothing to run', async () => {
    const reason = new Error('too late');
    await expect(sampler.sample(CIRCUITS, 50, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(await sampler.sample([], 50)).toEqual([]);
    expect(fake.jobs).toEqual([]);
  });

  it('rejects when someone else cancels the job', async () => {
    fake.holdJobs(true);
    const sampling = sampler.sample(CIRCUITS, 50);
    await polled(1);
    await client.abort(fake.jobs[0].id);
    await expect(sampling).rejects.toThrow(`IQM job ${fake.jobs[0].id} was cancelled outside this run`);
  });

  it('cancels the job and rejects once the total timeout has passed', async () => {
    fake.holdJobs(true);
    const timed = await createIqmSampler(client, { pollMs: POLL_MS, timeoutMs: 30 });
    const error = await timed.sample(CIRCUITS, 50).catch((caught: unknown) => caught);

    const [job] = fake.jobs;
    expect(error).toBeInstanceOf(IqmError);
    expect((error as Error).message).toBe(`IQM job ${job.id} did not finish within 30 ms and was cancelled`);
    expect(job.status).toBe('cancelled');
  });

  it('rides out a burst of failed polls, but not a refusal', async () => {
    fake.holdJobs(true);
    const sampling = sampler.sample(CIRCUITS, 50);
    await polled(1);
    fake.injectFaults('GET', /^\/api\/v1\/jobs\/[^/]+$/, [
      { status: 503, body: { detail: 'Service Unavailable' } },
      { status: 502 },
      { status: 500 },
      { drop: 'before' },
      { status: 503 },
    ]);
    while (fake.pendingFaults() > 0) await sleep(1);
    fake.holdJobs(false);
    expect(await sampling).toHaveLength(3);

    fake.holdJobs(true);
    const refused = sampler.sample(CIRCUITS, 50);
    while ((fake.jobs[1]?.statusPolls ?? 0) < 1) await sleep(1);
    fake.answerNext(403, { detail: 'Your project has run out of credits' });
    await expect(refused).rejects.toMatchObject({ status: 403 });
    expect(fake.jobs[1].status).toBe('cancelled');
  });

  it('gives up on a poll once its retries would outlast the time allowed a call', async () => {
    const impatient = new IqmClient({ ...connection(fake), retry: { baseDelayMs: 20, budgetMs: 50 } });
    const flaky = await createIqmSampler(impatient, { pollMs: POLL_MS });
    fake.holdJobs(true);
    const sampling = flaky.sample(CIRCUITS, 50);
    await polled(1);
    fake.injectFaults('GET', /^\/api\/v1\/jobs\/[^/]+$/, Array(10).fill({ status: 500 }));
    const error = (await sampling.catch((caught: unknown) => caught)) as IqmError;
    expect(error.status).toBe(500);
    expect(error.message).toMatch(
      /^IQM Resonance answered 500 to GET .*: Injected 500 \(gave up after \d attempts in [\d.]+ s\)$/,
    );
    expect(fake.jobs[0].status).toBe('cancelled');
  });

  it('refuses counts that do not match the circuits one to one', async () => {
    const api: IqmApi = {
      calibratedDevice: aDevice,
      submit: async () => 'job-1',
      status: async () => ({ status: 'completed' }),
      counts: async () => [{ measurementKeys: ['m'], counts: { '0': 50 } }],
      abort: async () => undefined,
      health: healthy,
      jobByToken: async () => null,
    };
    const short = await createIqmSampler(api, { pollMs: POLL_MS });
    await expect(short.sample(CIRCUITS, 50)).rejects.toThrow(
      'IQM job job-1 answered counts for 1 circuits; it was given 3',
    );
  });

  it('refuses counts whose measurement keys are not the circuit’s, in its order', async () => {
    const api: IqmApi = {
      calibratedDevice: aDevice,
      submit: async () => 'job-2',
      status: async () => ({ status: 'completed' }),
      counts: async () => [{ measurementKeys: ['m', 'extra'], counts: { '00': 50 } }],
      abort: async () => undefined,
      health: healthy,
      jobByToken: async () => null,
    };
    const keyed = await createIqmSampler(api, { pollMs: POLL_MS });
    await expect(keyed.sample([CIRCUITS[0]], 50)).rejects.toThrow(
      `IQM job job-2 answered circuit a's counts for measurement keys ["m","extra"]; the circuit measures ["m"]`,
    );
  });

  it('keeps polling through statuses it does not know, until one that ends the job', async () => {
    const statuses = ['waiting', 'compilation_started', 'pending_execution', 'completed'];
    const api: IqmApi = {
      calibratedDevice: aDevice,
      submit: async () => 'job-3',
      status: async () => ({ status: statuses.shift()! }),
      counts: async () => [{ measurementKeys: ['m'], counts: { '00': 5 } }],
      abort: async () => undefined,
      health: healthy,
      jobByToken: async () => null,
    };
    const patient = await createIqmSampler(api, { pollMs: POLL_MS });
    expect(await patient.sample([CIRCUITS[0]], 5)).toEqual([{ '00': 5 }]);
    expect(statuses).toEqual([]);
  });
});
