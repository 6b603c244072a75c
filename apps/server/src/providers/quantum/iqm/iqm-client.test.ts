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
import { IQM_UNAUTHORIZED_MESSAGE, IqmClient, IqmError } from './iqm-client.ts';

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
  client = new IqmClient({ baseUrl: fake.baseUrl, token: fake.token, computer: 'garnet' });
});
afterEach(async () => {
  await fake.close();
});

const API = '/api/v1';

/** Polls a job on the fake until it has ended. */
async function ended(id: string): Promise<void> {
  while (!['completed', 'failed', 'cancelled'].includes((await client.status(id)).status));
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
    expect(request.body).toEqual({
      circuits: [
        {
          name: 'bell',
          instructions: [
            { name: 'prx', qubits: ['QB1'], args: { angle_t: 0.25, phase_t: 0.25 } },
            { name: 'cz', qubits: ['QB1', 'QB2'], args: {} },
            { name: 'measure', qubits: ['QB1', 'QB2'], args: { key: 'm' } },
          ],
        },
        {
          name: 'flip',
          instructions: [
            { name: 'prx', qubits: ['QB2'], args: { angle_t: 0.5, phase_t: 0.25 } },
            { name: 'measure', qubits: ['QB1', 'QB2'], args: { key: 'm' } },
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
    expect(fake.requests[0].body).toEqual({ circuits: [flipCircuit('extra', [])], shots: 5 });
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
    fake.answerNext(503, { message: 'Maintenance until 14:00 UTC', detail: 'unused' });
    await expect(client.status('x')).rejects.toMatchObject({
      status: 503,
      message: `IQM Resonance answered 503 to GET ${API}/jobs/x: Maintenance until 14:00 UTC`,
    });
    fake.answerNext(500, { detail: 'Internal error' });
    await expect(client.status('x')).rejects.toThrow(/500 to GET \/api\/v1\/jobs\/x: Internal error$/);
    fake.answerNext(422, { detail: [{ loc: ['body', 'shots'], msg: 'Input should be positive' }] });
    await expect(client.submit([BELL], 10)).rejects.toThrow(
      /422 to POST \/api\/v1\/jobs\/garnet\/circuit: Input should be positive$/,
    );
    fake.answerNext(502, 'Bad gateway');
    await expect(client.status('x')).rejects.toThrow(/502 to GET \/api\/v1\/jobs\/x: Bad gateway$/);
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
    const unreachable = new IqmClient({ baseUrl, token: 'secret-token-99', computer: 'garnet' });

    const error = await unreachable.status('x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: null,
      message: `Could not reach IQM Resonance at ${baseUrl}: ECONNREFUSED`,
    });
    expect(String((error as Error).stack)).not.toContain('secret-token-99');
  });

  it('gives up on a request IQM does not answer in time', async () => {
    const slow = new IqmClient({
      baseUrl: 'https://iqm.test',
      token: 't',
      computer: 'garnet',
      timeoutMs: 20,
      fetch: hanging,
    });
    await expect(slow.status('x')).rejects.toMatchObject({
      status: null,
      message: 'IQM Resonance at https://iqm.test did not answer GET /api/v1/jobs/x within 20 ms',
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
