import { createServer } from 'node:net';
import { BraketClient, GetJobCommand } from '@aws-sdk/client-braket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSilentServer } from '../../../test/silent-server.ts';
import { awsHttpError } from '../quantum/braket/aws-errors.ts';
import { AWS_CALL_DEFAULTS, awsClientConfig, s3ClientConfig } from './client-config.ts';

const CREDENTIALS = { accessKeyId: 'ASIAEXAMPLEEXAMPLE12', secretAccessKey: 'secret', sessionToken: 'token' };
const JOB = 'arn:aws:braket:us-east-1:123456789012:job/hivqe-1';

let silent: Awaited<ReturnType<typeof startSilentServer>>;
beforeAll(async () => {
  silent = await startSilentServer();
});
afterAll(async () => silent.close());

/** A port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('awsClientConfig', () => {
  it('bounds every call and retries adaptively by default', async () => {
    const config = awsClientConfig({ region: 'eu-west-2', credentials: CREDENTIALS });
    expect(config).toMatchObject({ region: 'eu-west-2', maxAttempts: 3, retryMode: 'adaptive' });
    expect(config).not.toHaveProperty('endpoint');
    expect(AWS_CALL_DEFAULTS).toEqual({
      connectionTimeoutMs: 3000,
      requestTimeoutMs: 10_000,
      maxAttempts: 3,
    });
    // The stand-in's endpoint reaches only the customer-account services, and S3 then goes by path.
    const calls = { endpoint: silent.url };
    expect(awsClientConfig({ region: 'us-east-1', calls })).not.toHaveProperty('endpoint');
    expect(s3ClientConfig({ region: 'us-east-1', calls })).toMatchObject({
      endpoint: silent.url,
      forcePathStyle: true,
    });
    expect(s3ClientConfig({ region: 'us-east-1' }).forcePathStyle).toBe(false);
  });

  it('ends a call to a service that never answers after its attempts, as a 504', async () => {
    const before = silent.received.length;
    const client = new BraketClient(
      awsClientConfig({
        region: 'us-east-1',
        credentials: CREDENTIALS,
        calls: { endpoint: silent.url, requestTimeoutMs: 300, maxAttempts: 2 },
        standIn: true,
      }),
    );
    const started = performance.now();
    const error = await client.send(new GetJobCommand({ jobArn: JOB })).catch((caught: unknown) => caught);
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ name: 'TimeoutError' });
    // Two attempts of 300 ms and the backoff between them; without the timeout it would wait indefinitely.
    expect(elapsed).toBeGreaterThanOrEqual(2 * 300);
    expect(elapsed).toBeLessThan(5_000);
    expect(silent.received.length - before).toBe(2);
    const http = awsHttpError(error, 'Amazon Braket');
    expect({ status: http.statusCode, message: http.message }).toEqual({
      status: 504,
      message: 'Amazon Braket did not answer in time; try again shortly.',
    });
  });

  it('answers 503 when the service cannot be reached at all', async () => {
    const client = new BraketClient(
      awsClientConfig({
        region: 'us-east-1',
        credentials: CREDENTIALS,
        calls: { endpoint: `http://127.0.0.1:${await closedPort()}`, maxAttempts: 1 },
        standIn: true,
      }),
    );
    const error = await client.send(new GetJobCommand({ jobArn: JOB })).catch((caught: unknown) => caught);
    expect(awsHttpError(error, 'job output')).toMatchObject({
      statusCode: 503,
      message: 'Amazon S3 could not be reached; try again shortly.',
    });
  });
});
