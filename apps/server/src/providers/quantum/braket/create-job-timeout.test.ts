import { STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { braketTestApp, braketUser, stubAssumeRole } from '../../../../test/braket-mocks.ts';
import { openTestDatabase, type TestApp } from '../../../../test/harness.ts';
import { postWithKey } from '../../../../test/idempotent-create.ts';
import { h2Form, hybridPayload, jobCount } from '../../../../test/job-flows.ts';
import { startSilentServer } from '../../../../test/silent-server.ts';
import type { Database } from '../../../db/client.ts';

const IMAGE = '123456789012.dkr.ecr.us-east-1.amazonaws.com/hivqe:1';
const REQUEST_TIMEOUT_MS = 300;

// STS answers from the mock; Braket is a real client against a server that never answers.
const sts = mockClient(STSClient);
let database: Database;
let silent: Awaited<ReturnType<typeof startSilentServer>>;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  silent = await startSilentServer();
});
afterAll(async () => {
  sts.restore();
  await silent.close();
  await database.close();
});
beforeEach(async () => {
  sts.reset();
  stubAssumeRole(sts);
  t = await braketTestApp(
    database,
    IMAGE,
    {},
    { endpoint: silent.url, requestTimeoutMs: REQUEST_TIMEOUT_MS, maxAttempts: 2 },
  );
});
afterEach(async () => t.close());

describe('a CreateJob that Braket never answers', () => {
  it('ends with 504 within the attempts, stores nothing, and retried with its key sends the same client token', async () => {
    const { user } = await braketUser(t);
    const payload = hybridPayload(h2Form());
    const started = performance.now();
    const first = await postWithKey(t.app, user, payload, 'create-1');
    const elapsed = performance.now() - started;
    expect(first.statusCode, first.body).toBe(504);
    expect(first.json()).toEqual({
      message: 'Amazon Braket did not answer in time; try again shortly.',
      code: 'upstream_timeout',
    });
    expect(elapsed).toBeLessThan(5_000);
    expect(await jobCount(database.db, user.id)).toBe(0);

    const retried = await postWithKey(t.app, user, payload, 'create-1');
    expect(retried.statusCode).toBe(504);
    const creates = silent.received.filter((request) => request.url === '/job');
    // Two attempts per request, every one with the token the key derives.
    expect(creates).toHaveLength(4);
    const tokens = new Set(
      creates.map((request) => (JSON.parse(request.body) as { clientToken: string }).clientToken),
    );
    expect(tokens.size).toBe(1);
  });
});
