import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NativeCircuit } from '@hivqe/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  flipCircuit,
  flipExecutor,
  GRID_2X3,
  startFakeIqmServer,
  type FakeIqmServer,
} from '../../../../test/fake-iqm-server.ts';
import { CLIENT_TOKEN, IQM_UNAUTHORIZED_MESSAGE, IqmClient, IqmError } from './iqm-client.ts';

const BELL: NativeCircuit = {
  name: 'bell',
  instructions: [
    { name: 'prx', qubits: ['QB1'], args: { angle_t: 0.25, phase_t: 0.25 } },
    { name: 'cz', qubits: ['QB1', 'QB2'], args: {} },
    { name: 'measure', qubits: ['QB1', 'QB2'], args: { key: 'm' } },
  ],
};

/** A fetch that never answers, until the request is aborted. */
const hanging: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) =>
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
  );

let fake: FakeIqmServer;
let client: IqmClient;
beforeEach(async () => {
  fake = await startFakeIqmServer({ execute: flipExecutor, pollsBeforeReady: 2 });
  client = new IqmClient({ ...garnet(), retry: { baseDelayMs: 1 } });
});
afterEach(async () => {
  await fake.close();
});

const API = '/api/v1';
const garnet = () => ({ baseUrl: fake.baseUrl, token: fake.token, computer: 'garnet' });
const TURN = 2 * Math.PI;

/** Polls a job on the fake until it has ended. */
async function ended(id: string, by = client): Promise<void> {
  while (!['completed', 'failed', 'cancelled'].includes((await by.status(id)).status));
}

describe('IqmClient', () => {
  it('submits every circuit as one job to the computer, with the exact body and a Bearer token', async () => {
    const set = fake.calibrationSetIds.garnet;
    const id = await client.submit([BELL, flipCircuit('flip', ['QB2'])], 100, set);

    expect(fake.jobs.map((job) => job.id)).toEqual([id]);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: `${API}/jobs/garnet/circuit` });
    expect(request.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(request.headers['content-type']).toBe('application/json');
    // IQM's format today: locus, implementation left to the calibration, prx in radians.
    expect(request.body).toEqual({
      circuits: [
        {
          name: 'bell',
          instructions: [
            {
              name: 'prx',
              implementation: null,
              locus: ['QB1'],
              args: { angle: 0.25 * TURN, phase: 0.25 * TURN },
            },
            { name: 'cz', implementation: null, locus: ['QB1', 'QB2'], args: {} },
            { name: 'measure', implementation: null, locus: ['QB1', 'QB2'], args: { key: 'm' } },
          ],
        },
        {
          name: 'flip',
          instructions: [
            {
              name: 'prx',
              implementation: null,
              locus: ['QB2'],
              args: { angle: Math.PI, phase: Math.PI / 2 },
            },
            { name: 'measure', implementation: null, locus: ['QB1', 'QB2'], args: { key: 'm' } },
          ],
        },
      ],
      shots: 100,
      calibration_set_id: set,
    });
  });

  it('sends only what IQM takes, whatever else the circuits carry, and no calibration set unless given', async () => {
    const circuit = { ...flipCircuit('extra', []), layout: 'not for IQM' } as NativeCircuit;
    await client.submit([circuit], 5);
    expect(fake.requests[0].body).toEqual({
      circuits: [
        {
          name: 'extra',
          instructions: [
            { name: 'measure', implementation: null, locus: ['QB1', 'QB2'], args: { key: 'm' } },
          ],
        },
      ],
      shots: 5,
    });
  });

  it('reads the status of a job as IQM moves it along, at the job path', async () => {
    const id = await client.submit([BELL], 10);
    const seen = [await client.status(id), await client.status(id), await client.status(id)];
    expect(seen).toEqual([{ status: 'waiting' }, { status: 'processing' }, { status: 'completed' }]);
    expect(fake.requests.slice(1).map(({ method, path }) => `${method} ${path}`)).toEqual(
      Array(3).fill(`GET ${API}/jobs/${id}`),
    );
  });

  it("gives a failed job's reason, from its errors, with its status", async () => {
    fake.failNextJob('Calibration expired');
    const id = await client.submit([BELL], 10);
    await ended(id);
    expect(await client.status(id)).toEqual({ status: 'failed', message: 'Calibration expired' });

    fake.answerNext(200, {
      id,
      status: 'failed',
      errors: [{ message: 'Timeout in execution' }, { message: 'Retried once' }],
    });
    expect(await client.status(id)).toEqual({
      status: 'failed',
      message: 'Timeout in execution; Retried once',
    });
  });

  it('reads the measurement counts artifact in circuit order, with its measurement keys', async () => {
    const circuits = [
      flipCircuit('none', []),
      flipCircuit('first', ['QB1']),
      flipCircuit('second', ['QB2']),
      flipCircuit('reordered', ['QB1'], ['QB2', 'QB1']),
    ];
    const id = await client.submit(circuits, 7);
    await ended(id);

    expect(await client.counts(id)).toEqual(
      [{ '00': 7 }, { '10': 7 }, { '01': 7 }, { '01': 7 }].map((counts) => ({
        measurementKeys: ['m'],
        counts,
      })),
    );
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `${API}/jobs/${id}/artifacts/measurement_counts`,
    });
  });

  it('answers IQM refusing counts a job does not have yet', async () => {
    const id = await client.submit([BELL], 10);
    await expect(client.counts(id)).rejects.toMatchObject({ status: 404 });
  });

  it('cancels a job with POST cancel (200), and a job that has ended keeps its state', async () => {
    const id = await client.submit([BELL], 10);
    await client.abort(id);

    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `${API}/jobs/${id}/cancel` });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(await client.status(id)).toEqual({ status: 'cancelled' });

    const done = await client.submit([BELL], 10);
    await ended(done);
    await client.abort(done);
    expect(await client.status(done)).toEqual({ status: 'completed' });
  });

  it('reads the default calibration set’s device, at the lower-cased computer alias', async () => {
    const upper = new IqmClient({ baseUrl: `${fake.baseUrl}/`, token: fake.token, computer: 'Emerald' });
    expect(await upper.calibratedDevice()).toEqual({
      calibrationSetId: fake.calibrationSetIds.emerald,
      device: { qubits: GRID_2X3.qubits, couplings: GRID_2X3.connectivity },
    });
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: `${API}/calibration-sets/emerald/default/dynamic-quantum-architecture`,
    });
  });

  it('leaves out couplings without a calibrated default cz, and qubits without a calibrated measure', async () => {
    const calibrated = await startFakeIqmServer({
      execute: flipExecutor,
      computers: {
        garnet: {
          ...GRID_2X3,
          connectivity: GRID_2X3.connectivity.filter(([a, b]) => !(a === 'QB2' && b === 'QB5')),
          uncalibratedCouplings: [['QB2', 'QB5']],
          unreadableQubits: ['QB6'],
        },
      },
    });
    try {
      const reader = new IqmClient({
        baseUrl: calibrated.baseUrl,
        token: calibrated.token,
        computer: 'garnet',
      });
      const { device } = await reader.calibratedDevice();
      expect(device.qubits).toEqual(['QB1', 'QB2', 'QB3', 'QB4', 'QB5']);
      expect(device.couplings).toEqual([
        ['QB1', 'QB2'],
        ['QB2', 'QB3'],
        ['QB4', 'QB5'],
        ['QB1', 'QB4'],
      ]);
    } finally {
      await calibrated.close();
    }
  });

  it('keeps only qubits, by the default implementations: a star device’s resonator is left out', async () => {
    const gate = (implementation: string, loci: string[][], others: Record<string, string[][]> = {}) => ({
      default_implementation: implementation,
      implementations: {
        [implementation]: { loci },
        ...Object.fromEntries(Object.entries(others).map(([name, l]) => [name, { loci: l }])),
      },
    });
    fake.answerNext(200, {
      calibration_set_id: 'cal-1',
      qubits: ['QB1', 'QB2', 'QB3', 'QB4'],
      computational_resonators: ['COMP_R'],
      gates: {
        prx: gate('drag_crf', [['QB1'], ['QB2'], ['QB3']], { drag_gaussian: [['QB4']] }),
        measure: gate('constant', [['QB1'], ['QB2'], ['QB3'], ['QB4']]),
        cz: gate('tgss', [
          ['QB1', 'COMP_R'],
          ['QB2', 'QB3'],
          ['QB3', 'QB4'],
        ]),
        move: gate('tgss_crf', [['QB1', 'COMP_R']]),
      },
    });
    expect(await client.calibratedDevice()).toEqual({
      calibrationSetId: 'cal-1',
      device: { qubits: ['QB1', 'QB2', 'QB3'], couplings: [['QB2', 'QB3']] },
    });
  });

  it('refuses a device whose default implementation is not among those it lists', async () => {
    fake.answerNext(200, {
      calibration_set_id: 'cal-1',
      qubits: ['QB1'],
      gates: { prx: { default_implementation: 'gone', implementations: { drag: { loci: [['QB1']] } } } },
    });
    await expect(client.calibratedDevice()).rejects.toThrow(
      /gates\.prx: its default implementation gone is not listed/,
    );
  });

  it('says plainly that a wrong token was refused, without repeating it', async () => {
    const wrong = new IqmClient({ baseUrl: fake.baseUrl, token: 'not-the-token-4242', computer: 'garnet' });
    const calls = [
      () => wrong.submit([BELL], 10),
      () => wrong.status('some-id'),
      () => wrong.calibratedDevice(),
      () => wrong.counts('some-id'),
      () => wrong.abort('some-id'),
    ];
    for (const call of calls) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(IqmError);
      expect(error).toMatchObject({ status: 401, message: IQM_UNAUTHORIZED_MESSAGE });
      expect(String((error as Error).stack)).not.toContain('not-the-token-4242');
    }
    expect(fake.jobs).toEqual([]);
  });

  it("answers IQM's own message for an unknown computer or job (404)", async () => {
    const nowhere = new IqmClient({ baseUrl: fake.baseUrl, token: fake.token, computer: 'nowhere' });
    await expect(nowhere.calibratedDevice()).rejects.toMatchObject({
      status: 404,
      message: `IQM Resonance answered 404 to GET ${API}/calibration-sets/nowhere/default/dynamic-quantum-architecture: Quantum computer not found: nowhere`,
    });
    await expect(nowhere.submit([BELL], 10)).rejects.toMatchObject({ status: 404 });
    await expect(client.status('no-such-job')).rejects.toMatchObject({
      status: 404,
      message: `IQM Resonance answered 404 to GET ${API}/jobs/no-such-job: Job not found: no-such-job`,
    });
  });

  it("answers IQM's reason for refusing a submission (400): uncalibrated cz, bad shots, another calibration", async () => {
    const uncoupled: NativeCircuit = {
      name: 'far',
      instructions: [
        { name: 'cz', qubits: ['QB1', 'QB6'], args: {} },
        { name: 'measure', qubits: ['QB1'], args: { key: 'm' } },
      ],
    };
    await expect(client.submit([uncoupled], 10)).rejects.toMatchObject({
      status: 400,
      message: `IQM Resonance answered 400 to POST ${API}/jobs/garnet/circuit: circuit far: cz QB1–QB6: no calibrated tgss cz on this locus`,
    });
    await expect(client.submit([BELL], 0)).rejects.toMatchObject({ status: 400 });
    await expect(client.submit([BELL], 10, 'an-old-calibration')).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/Calibration set not found: an-old-calibration$/),
    });
    expect(fake.jobs).toEqual([]);
  });

  it('takes the reason from {message}, {detail}, a list of {msg} or plain text when IQM answers so', async () => {
    fake.answerNext(403, { message: 'Your project has run out of credits', detail: 'unused' });
    await expect(client.status('x')).rejects.toMatchObject({
      status: 403,
      message: `IQM Resonance answered 403 to GET ${API}/jobs/x: Your project has run out of credits`,
    });
    fake.answerNext(409, { detail: 'Job is not running' });
    await expect(client.abort('x')).rejects.toThrow(
      /409 to POST \/api\/v1\/jobs\/x\/cancel: Job is not running$/,
    );
    fake.answerNext(422, { detail: [{ loc: ['body', 'shots'], msg: 'Input should be positive' }] });
    await expect(client.submit([BELL], 10)).rejects.toThrow(
      /422 to POST \/api\/v1\/jobs\/garnet\/circuit: Input should be positive$/,
    );
    fake.answerNext(400, 'Bad request');
    await expect(client.status('x')).rejects.toThrow(/400 to GET \/api\/v1\/jobs\/x: Bad request$/);
    expect(fake.requests).toHaveLength(4);
  });

  it('refuses an answer that is not what the API documents', async () => {
    fake.answerNext(200, { job_id: 'renamed', status: 'waiting' });
    await expect(client.submit([BELL], 10)).rejects.toMatchObject({
      status: 200,
      message: expect.stringMatching(
        /^IQM Resonance answered POST \/api\/v1\/jobs\/garnet\/circuit unexpectedly \(id: /,
      ),
    });
    fake.answerNext(200, { status: 'completed', counts_batch: [{ counts: { '0': 1 } }] });
    await expect(client.counts('x')).rejects.toMatchObject({ status: 200 });
  });

  it('names the base URL, not the token, when IQM cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const baseUrl = `http://127.0.0.1:${port}`;
    const unreachable = new IqmClient({
      baseUrl,
      token: 'secret-token-99',
      computer: 'garnet',
      retry: { baseDelayMs: 5, budgetMs: 40 },
    });

    for (const call of [() => unreachable.status('x'), () => unreachable.submit([BELL], 10)]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        status: null,
        message: expect.stringMatching(
          new RegExp(
            `^Could not reach IQM Resonance at ${baseUrl}: ECONNREFUSED \\(gave up after [2-9] attempts`,
          ),
        ),
      });
      expect(String((error as Error).stack)).not.toContain('secret-token-99');
    }
  });

  it('gives up on a request IQM does not answer in time', async () => {
    const slow = new IqmClient({
      baseUrl: 'https://iqm.test',
      token: 't',
      computer: 'garnet',
      timeoutMs: 20,
      retry: { baseDelayMs: 5, budgetMs: 60 },
      fetch: hanging,
    });
    await expect(slow.status('x')).rejects.toMatchObject({
      status: null,
      message: expect.stringMatching(
        /^IQM Resonance at https:\/\/iqm\.test did not answer GET \/api\/v1\/jobs\/x within 20 ms \(gave up after [2-9] attempts/,
      ),
    });
  });

  it("rejects with the caller's reason when the caller aborts a request", async () => {
    const slow = new IqmClient({
      baseUrl: 'https://iqm.test',
      token: 't',
      computer: 'garnet',
      fetch: hanging,
    });
    const controller = new AbortController();
    const reason = new Error('run cancelled');
    const pending = slow.status('x', controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new IqmClient({ baseUrl: 'cocos.resonance', token: 't', computer: 'garnet' })).toThrow(
      "IQM Resonance's base URL is not a URL: cocos.resonance",
    );
    expect(() => new IqmClient({ baseUrl: 'ftp://iqm.test', token: 't', computer: 'garnet' })).toThrow(
      "IQM Resonance's base URL must be http(s): ftp://iqm.test",
    );
  });
});

/** A clock whose waits take no time: it records them and moves on, as if they had passed. */
function fakeClock(start = Date.parse('2026-11-28T08:00:00Z')) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    },
  };
}

const JOB_PATH = /^\/api\/v1\/jobs\/[^/]+$/;
const SUBMIT_PATH = /^\/api\/v1\/jobs\/garnet\/circuit$/;
const posts = () =>
  fake.requests.filter((request) => request.method === 'POST' && SUBMIT_PATH.test(request.path));

describe('IqmClient riding out a bad minute', () => {
  it("waits as long as a 429's Retry-After says (seconds or a date), else backs off with jitter, and submits once", async () => {
    const { clock, waits } = fakeClock();
    const events: string[] = [];
    const patient = new IqmClient({
      ...garnet(),
      retry: {
        clock,
        random: () => 0.5,
        onRetry: (event) => events.push(`${event.attempt}:${event.waitMs}`),
      },
    });
    fake.injectFaults('POST', SUBMIT_PATH, [
      { status: 429, retryAfter: '7' },
      { status: 429, retryAfter: 'Sat, 28 Nov 2026 08:00:19 GMT' },
      { status: 429 },
      { status: 429 },
    ]);
    const id = await patient.submit([BELL], 10);

    // 7 s; the date, 12 s after the first wait ended; then the backoff of attempts 3 and 4 (500 ms × 2^(n−1)),
    // half of it fixed and half jittered.
    expect(waits).toEqual([7000, 12_000, 1500, 3000]);
    expect(events).toEqual(['1:7000', '2:12000', '3:1500', '4:3000']);
    expect(posts()).toHaveLength(5);
    expect(fake.jobs.map((job) => job.id)).toEqual([id]);
    expect(fake.submissionsPerContent()).toEqual([1]);
  });

  it('rides out a burst of 503s and 502s on submit, device, status, counts and cancel', async () => {
    const { clock } = fakeClock();
    const patient = new IqmClient({ ...garnet(), retry: { clock } });
    const burst = [{ status: 503 }, { status: 502 }, { status: 503, retryAfter: '2' }];
    fake.injectFaults('POST', SUBMIT_PATH, burst);
    const id = await patient.submit([BELL], 10);
    fake.injectFaults('GET', /dynamic-quantum-architecture$/, burst);
    expect((await patient.calibratedDevice()).device.qubits).toHaveLength(6);
    fake.injectFaults('GET', JOB_PATH, [...burst, { status: 500 }, { status: 504 }]);
    await ended(id, patient);
    fake.injectFaults('GET', /measurement_counts$/, burst);
    expect(await patient.counts(id)).toHaveLength(1);
    fake.injectFaults('POST', /\/cancel$/, burst);
    await patient.abort(id);
    expect(fake.pendingFaults()).toBe(0);
    expect(fake.submissionsPerContent()).toEqual([1]);
  });

  it('asks again when a connection drops before or after a read, and on a 408', async () => {
    const id = await client.submit([BELL], 10);
    fake.injectFaults('GET', JOB_PATH, [{ drop: 'before' }, { drop: 'after' }, { status: 408 }]);
    expect(await client.status(id)).toMatchObject({ status: expect.any(String) });
    expect(fake.pendingFaults()).toBe(0);
  });

  it('without a client token, never submits again after an answer that may have been lost once IQM took the job', async () => {
    fake.injectFaults('POST', SUBMIT_PATH, [{ drop: 'after' }]);
    const lost = await client.submit([BELL], 10).catch((caught: unknown) => caught);
    expect(lost).toMatchObject({
      status: null,
      message: expect.stringMatching(
        /IQM may have accepted the job before its answer was lost; it is not submitted again/,
      ),
    });
    expect(fake.jobs).toHaveLength(1);

    fake.injectFaults('POST', SUBMIT_PATH, [{ status: 500 }, { status: 504 }]);
    await expect(client.submit([BELL], 10)).rejects.toMatchObject({ status: 500 });
    await expect(client.submit([BELL], 10)).rejects.toMatchObject({ status: 504 });
    expect(posts()).toHaveLength(3);
  });

  it('looks a submission whose answer was lost up by its client token, and sends it again only if IQM has none', async () => {
    // Accepted, then the answer lost (a dropped connection, a 500, a 504): the job is found, not submitted again.
    fake.injectFaults('POST', SUBMIT_PATH, [{ drop: 'after' }, { status: 500 }, { status: 504 }]);
    const ids = [
      await client.submit([BELL], 10, undefined, 'run-1/1'),
      await client.submit([flipCircuit('flip', ['QB1'])], 10, undefined, 'run-1/2'),
      await client.submit([flipCircuit('flop', ['QB2'])], 10, undefined, 'run-1/3'),
    ];
    expect(fake.jobs.map((job) => job.id)).toEqual(ids);
    expect(fake.jobs.map((job) => job.clientToken)).toEqual(['run-1/1', 'run-1/2', 'run-1/3']);
    expect(fake.submissionsPerContent()).toEqual([1, 1, 1]);
    expect(fake.requests.filter((request) => request.path === `${API}/jobs`)).toHaveLength(3);
    // The token goes in each circuit's metadata, IQM's place for what a client attaches to a circuit.
    expect((posts()[0].body as { circuits: Array<{ metadata: unknown }> }).circuits[0].metadata).toEqual({
      [CLIENT_TOKEN]: 'run-1/1',
    });

    // A connection dropped with IQM not having taken the job: not found by the token, so sent again, once.
    fake.injectFaults('POST', SUBMIT_PATH, [{ drop: 'before' }]);
    const fresh = await client.submit([flipCircuit('both', ['QB1', 'QB2'])], 10, undefined, 'run-1/4');
    expect(fake.jobs.at(-1)).toMatchObject({ id: fresh, clientToken: 'run-1/4' });
    expect(fake.submissionsPerContent()).toEqual([1, 1, 1, 1]);
  });

  it('fails rather than risk a second job when the server cannot be asked for a token', async () => {
    fake.injectFaults('POST', SUBMIT_PATH, [{ drop: 'after' }]);
    fake.injectFaults('GET', /^\/api\/v1\/jobs$/, [{ status: 404, body: { detail: 'Not Found' } }]);
    const lost = await client.submit([BELL], 10, undefined, 'run-2/1').catch((caught: unknown) => caught);
    expect((lost as Error).message).toMatch(
      /IQM may have accepted the job before its answer was lost; .*looking it up failed: .*answered 404 to GET \/api\/v1\/jobs\?quantum_computer=garnet&client_token=run-2%2F1: Not Found/,
    );
    expect(fake.jobs).toHaveLength(1);
  });

  it('fails at once with IQM’s message on a refusal that cannot succeed', async () => {
    fake.injectFaults('GET', JOB_PATH, [{ status: 403, body: { detail: 'Quota exceeded for project' } }]);
    await expect(client.status('x')).rejects.toMatchObject({
      status: 403,
      message: `IQM Resonance answered 403 to GET ${API}/jobs/x: Quota exceeded for project`,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('stops at once when Retry-After is beyond the time a call may take', async () => {
    const { clock, waits } = fakeClock();
    const bounded = new IqmClient({ ...garnet(), retry: { clock, budgetMs: 60_000 } });
    fake.injectFaults('GET', JOB_PATH, [{ status: 429, retryAfter: '3600' }]);
    await expect(bounded.status('x')).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(
        /\(gave up after 1 attempt in 0\.0 s; IQM asked to wait 3600\.0 s more\)$/,
      ),
    });
    expect(waits).toEqual([]);
  });
});

describe('IqmClient health and queue', () => {
  it('asks the quantum computer’s health by the id the list of computers gives its alias', async () => {
    expect(await client.health()).toEqual({ healthy: true });
    expect(fake.requests.map(({ path }) => path)).toEqual([
      `${API}/quantum-computers`,
      expect.stringMatching(/^\/api\/v1\/quantum-computers\/[0-9a-f-]{36}\/health$/),
    ]);
    fake.setHealth('garnet', { healthy: false, message: 'Scheduled maintenance until 12:00 UTC' });
    expect(await client.health()).toEqual({
      healthy: false,
      reason: 'Scheduled maintenance until 12:00 UTC',
    });
    fake.setHealth('garnet', { healthy: false });
    expect(await client.health()).toEqual({ healthy: false, reason: 'IQM reports it as not healthy' });
  });

  it('leaves health unknown on a server without the endpoint, and refuses an alias IQM does not list', async () => {
    fake.injectFaults('GET', /\/health$/, [{ status: 404, body: { detail: 'Not Found' } }]);
    expect(await client.health()).toEqual({ healthy: 'unknown' });
    const nowhere = new IqmClient({ ...garnet(), computer: 'nowhere' });
    await expect(nowhere.health()).rejects.toThrow(
      'IQM Resonance has no quantum computer nowhere (it has: garnet, emerald, sirius)',
    );
  });

  it('gives a waiting job’s queue position', async () => {
    const queued = await startFakeIqmServer({ execute: flipExecutor, queuePolls: 2 });
    try {
      const waiting = new IqmClient({ baseUrl: queued.baseUrl, token: queued.token, computer: 'garnet' });
      const id = await waiting.submit([BELL], 10);
      expect(await waiting.status(id)).toEqual({ status: 'waiting', queuePosition: 2 });
      expect(await waiting.status(id)).toEqual({ status: 'waiting', queuePosition: 1 });
      expect(await waiting.status(id)).toEqual({ status: 'waiting' });
    } finally {
      await queued.close();
    }
  });
});

describe('fake IQM server', () => {
  const raw = (method: string, path: string, body?: string, token = fake.token) =>
    fetch(`${fake.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
    });

  it('refuses a submission that is not JSON with 400', async () => {
    const res = await raw('POST', `${API}/jobs/garnet/circuit`, '{"circuits": [');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The body must be a JSON object' });
  });

  it('refuses circuits in the retired format: qubits instead of locus, prx in full turns', async () => {
    const submit = (instruction: unknown) =>
      raw(
        'POST',
        `${API}/jobs/garnet/circuit`,
        JSON.stringify({
          circuits: [
            {
              name: 'old',
              instructions: [
                instruction,
                { name: 'measure', implementation: null, locus: ['QB1'], args: { key: 'm' } },
              ],
            },
          ],
          shots: 1,
        }),
      );
    const old = await submit({ name: 'prx', qubits: ['QB1'], args: { angle_t: 0.5, phase_t: 0 } });
    expect(old.status).toBe(400);
    expect(await old.json()).toEqual({
      message: 'circuit old: prx: instructions name their qubits in locus; qubits is the retired format',
    });
    const turns = await submit({ name: 'prx', locus: ['QB1'], args: { angle_t: 0.5, phase_t: 0 } });
    expect(turns.status).toBe(400);
    expect((await turns.json()).message).toMatch(/prx takes numeric angle and phase \(radians\)/);
    const current = await submit({
      name: 'prx',
      implementation: null,
      locus: ['QB1'],
      args: { angle: 1, phase: 0 },
    });
    expect(current.status).toBe(200);
  });

  it('refuses the legacy CoCoS paths and other methods, and a wrong token before anything', async () => {
    for (const path of ['/garnet/jobs', '/garnet/quantum-architecture', `${API}/jobs/x/status`]) {
      expect((await raw('GET', path)).status, path).toBe(404);
    }
    expect((await raw('GET', `${API}/jobs/garnet/circuit`)).status).toBe(405);
    expect((await raw('POST', `${API}/jobs/x`)).status).toBe(405);
    const wrong = await raw('GET', `${API}/jobs/x`, undefined, 'wrong');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid or missing token' });
  });
});
