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

describe('IqmClient', () => {
  it('submits every circuit as one job with the exact body and a Bearer token', async () => {
    const id = await client.submit([BELL, flipCircuit('flip', ['QB2'])], 100);

    expect(fake.jobs.map((job) => job.id)).toEqual([id]);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/garnet/jobs' });
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
    });
  });

  it('sends only what IQM takes, whatever else the circuits carry', async () => {
    const circuit = { ...flipCircuit('extra', []), layout: 'not for IQM' } as NativeCircuit;
    await client.submit([circuit], 5);
    expect(fake.requests[0].body).toEqual({ circuits: [flipCircuit('extra', [])], shots: 5 });
  });

  it('reads the status of a job as IQM moves it along, at the status path', async () => {
    const id = await client.submit([BELL], 10);
    const seen = [await client.status(id), await client.status(id), await client.status(id)];
    expect(seen).toEqual([{ status: 'received' }, { status: 'pending execution' }, { status: 'ready' }]);
    expect(fake.requests.slice(1).map(({ method, path }) => `${method} ${path}`)).toEqual(
      Array(3).fill(`GET /garnet/jobs/${id}/status`),
    );
  });

  it("gives a failed job's reason with its status", async () => {
    fake.failNextJob('Calibration expired');
    const id = await client.submit([BELL], 10);
    await client.status(id);
    await client.status(id);
    expect(await client.status(id)).toEqual({ status: 'failed', message: 'Calibration expired' });
  });

  it('reads counts in circuit order, bit k for the k-th measured qubit', async () => {
    const circuits = [
      flipCircuit('none', []),
      flipCircuit('first', ['QB1']),
      flipCircuit('second', ['QB2']),
      flipCircuit('reordered', ['QB1'], ['QB2', 'QB1']),
    ];
    const id = await client.submit(circuits, 7);
    for (let poll = 0; poll < 3; poll++) await client.status(id);

    expect(await client.counts(id)).toEqual([{ '00': 7 }, { '10': 7 }, { '01': 7 }, { '01': 7 }]);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/garnet/jobs/${id}/counts` });
  });

  it('refuses to read counts a job does not have yet', async () => {
    const id = await client.submit([BELL], 10);
    await expect(client.counts(id)).rejects.toThrow(`IQM job ${id} has no counts (status: received)`);
  });

  it('aborts a job with POST abort, and reports IQM refusing to abort a finished one', async () => {
    const id = await client.submit([BELL], 10);
    await client.abort(id);

    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/garnet/jobs/${id}/abort` });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(await client.status(id)).toEqual({ status: 'aborted' });
    const again = await client.abort(id).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(IqmError);
    expect(again).toMatchObject({
      status: 409,
      message: `IQM Resonance answered 409 to POST /garnet/jobs/${id}/abort: Job ${id} is aborted and cannot be aborted`,
    });
  });

  it('reads the quantum architecture as qubits and couplings, at the lower-cased computer', async () => {
    const upper = new IqmClient({ baseUrl: `${fake.baseUrl}/`, token: fake.token, computer: 'Emerald' });
    expect(await upper.quantumArchitecture()).toEqual({
      qubits: GRID_2X3.qubits,
      couplings: GRID_2X3.connectivity,
    });
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/emerald/quantum-architecture' });
  });

  it('keeps only qubits, and pairs of qubits as couplings: a star device’s resonator is left out', async () => {
    fake.answerNext(200, {
      quantum_architecture: {
        name: 'sirius',
        qubits: ['QB1', 'QB2', 'QB3', 'COMP_R'],
        qubit_connectivity: [
          ['QB1', 'COMP_R'],
          ['QB1', 'QB2', 'QB3'],
          ['QB2', 'QB3'],
          ['QB3', 'COMP_R'],
        ],
      },
    });
    expect(await client.quantumArchitecture()).toEqual({
      qubits: ['QB1', 'QB2', 'QB3'],
      couplings: [['QB2', 'QB3']],
    });
  });

  it('says plainly that a wrong token was refused, without repeating it', async () => {
    const wrong = new IqmClient({ baseUrl: fake.baseUrl, token: 'not-the-token-4242', computer: 'garnet' });
    const calls = [
      () => wrong.submit([BELL], 10),
      () => wrong.status('some-id'),
      () => wrong.quantumArchitecture(),
    ];
    for (const call of calls) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(IqmError);
      expect(error).toMatchObject({ status: 401, message: IQM_UNAUTHORIZED_MESSAGE });
      expect(String((error as Error).stack)).not.toContain('not-the-token-4242');
    }
    expect(fake.jobs).toEqual([]);
  });

  it("answers IQM's own detail for an unknown computer or job (404)", async () => {
    const nowhere = new IqmClient({ baseUrl: fake.baseUrl, token: fake.token, computer: 'nowhere' });
    await expect(nowhere.quantumArchitecture()).rejects.toMatchObject({
      status: 404,
      message:
        'IQM Resonance answered 404 to GET /nowhere/quantum-architecture: Unknown quantum computer: nowhere',
    });
    await expect(client.status('no-such-job')).rejects.toMatchObject({
      status: 404,
      message:
        'IQM Resonance answered 404 to GET /garnet/jobs/no-such-job/status: Job not found: no-such-job',
    });
  });

  it("answers IQM's reason for refusing a submission (400)", async () => {
    const uncoupled: NativeCircuit = {
      name: 'far',
      instructions: [
        { name: 'cz', qubits: ['QB1', 'QB6'], args: {} },
        { name: 'measure', qubits: ['QB1'], args: { key: 'm' } },
      ],
    };
    await expect(client.submit([uncoupled], 10)).rejects.toMatchObject({
      status: 400,
      message:
        'IQM Resonance answered 400 to POST /garnet/jobs: circuit far: cz QB1–QB6: the qubits are not coupled',
    });
    await expect(client.submit([BELL], 0)).rejects.toMatchObject({ status: 400 });
    expect(fake.jobs).toEqual([]);
  });

  it('takes the reason from {message}, a list of {msg} or plain text when IQM answers so', async () => {
    fake.answerNext(503, { message: 'Maintenance until 14:00 UTC' });
    await expect(client.status('x')).rejects.toMatchObject({
      status: 503,
      message: 'IQM Resonance answered 503 to GET /garnet/jobs/x/status: Maintenance until 14:00 UTC',
    });
    fake.answerNext(422, { detail: [{ loc: ['body', 'shots'], msg: 'Input should be positive' }] });
    await expect(client.submit([BELL], 10)).rejects.toThrow(
      /422 to POST \/garnet\/jobs: Input should be positive$/,
    );
    fake.answerNext(502, 'Bad gateway');
    await expect(client.status('x')).rejects.toThrow(/502 to GET \/garnet\/jobs\/x\/status: Bad gateway$/);
  });

  it('refuses an answer that is not what the API documents', async () => {
    fake.answerNext(200, { job_id: 'renamed' });
    await expect(client.submit([BELL], 10)).rejects.toMatchObject({
      status: 200,
      message: expect.stringMatching(/^IQM Resonance answered POST \/garnet\/jobs unexpectedly \(id: /),
    });
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
      message: 'IQM Resonance at https://iqm.test did not answer GET /garnet/jobs/x/status within 20 ms',
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
  it('refuses a submission that is not JSON with 400', async () => {
    const res = await fetch(`${fake.baseUrl}/garnet/jobs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${fake.token}`, 'Content-Type': 'application/json' },
      body: '{"circuits": [',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'The body must be a JSON object' });
  });
});
