import {
  CloudWatchLogsClient,
  DescribeLogStreamsCommand,
  FilterLogEventsCommand,
  GetLogEventsCommand,
  InvalidParameterException,
  ResourceNotFoundException,
} from '@aws-sdk/client-cloudwatch-logs';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchBucket,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LOG_GROUP, startAwsStandIn, type AwsStandIn } from '../src/index.ts';

let standIn: AwsStandIn;
let s3: S3Client;
let logs: CloudWatchLogsClient;
const BUCKET = 'amazon-braket-stand-in';

beforeAll(async () => {
  standIn = await startAwsStandIn();
  s3 = new S3Client({ ...standIn.clientConfig, maxAttempts: 1 });
  logs = new CloudWatchLogsClient({ ...standIn.clientConfig, maxAttempts: 1 });
});

afterAll(async () => {
  s3.destroy();
  logs.destroy();
  await standIn.close();
});

describe('S3 through the SDK', () => {
  it('puts, heads, gets and lists objects', async () => {
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'jobs/a/x.json',
        Body: '{"a":1}',
        ContentType: 'application/json',
      }),
    );
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'jobs/a/y & z.bin', Body: Buffer.from([0, 1, 2]) }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'jobs/a/x.json' }));
    expect(head).toMatchObject({ ContentLength: 7, ContentType: 'application/json' });
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'jobs/a/y & z.bin' }));
    expect([...(await object.Body!.transformToByteArray())]).toEqual([0, 1, 2]);
    const list = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'jobs/a/', MaxKeys: 1 }));
    expect(list.Contents!.map((c) => c.Key)).toEqual(['jobs/a/x.json']);
    expect(list.IsTruncated).toBe(true);
    const rest = await s3.send(
      new ListObjectsV2Command({
        Bucket: BUCKET,
        Prefix: 'jobs/a/',
        ContinuationToken: list.NextContinuationToken,
      }),
    );
    expect(rest.Contents!.map((c) => c.Key)).toEqual(['jobs/a/y & z.bin']);
    expect(standIn.s3.get(BUCKET, 'jobs/a/x.json')!.toString()).toBe('{"a":1}');
  });

  it('answers NoSuchKey and NoSuchBucket in S3 XML', async () => {
    const missingKey = await s3
      .send(new GetObjectCommand({ Bucket: BUCKET, Key: 'nothing' }))
      .catch((e: unknown) => e);
    expect(missingKey).toBeInstanceOf(NoSuchKey);
    expect((missingKey as NoSuchKey).$metadata.httpStatusCode).toBe(404);
    const missingBucket = await s3
      .send(new GetObjectCommand({ Bucket: 'no-bucket', Key: 'k' }))
      .catch((e: unknown) => e);
    expect(missingBucket).toBeInstanceOf(NoSuchBucket);
  });

  it('refuses inputs outside the model with InvalidArgument', async () => {
    const error = await s3
      .send(new ListObjectsV2Command({ Bucket: BUCKET, EncodingType: 'base64' as 'url' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3ServiceException);
    expect((error as S3ServiceException).name).toBe('InvalidArgument');
    expect((error as Error).message).toMatch(/EncodingType/);
  });

  it('answers throttling as SlowDown', async () => {
    standIn.faults.inject({ kind: 'throttle', service: 's3' });
    await expect(
      s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'jobs/a/x.json' })),
    ).rejects.toMatchObject({
      name: 'SlowDown',
      $metadata: { httpStatusCode: 503 },
    });
  });
});

describe('CloudWatch Logs through the SDK', () => {
  it('returns a stream’s lines, by stream and filtered across streams', async () => {
    const stream = 'job-1/algo-1-1700000000';
    standIn.logs.append(JOB_LOG_GROUP, stream, 'starting', 1000);
    standIn.logs.append(
      JOB_LOG_GROUP,
      stream,
      'Metrics - timestamp=1; iteration_number=0; energy=-1.1;',
      2000,
    );
    standIn.logs.append(JOB_LOG_GROUP, 'job-2/algo-1-1700000001', 'other job', 1500);
    const streams = await logs.send(
      new DescribeLogStreamsCommand({ logGroupName: JOB_LOG_GROUP, logStreamNamePrefix: 'job-1/' }),
    );
    expect(streams.logStreams!.map((s) => s.logStreamName)).toEqual([stream]);
    expect(streams.logStreams![0].lastEventTimestamp).toBe(2000);
    const first = await logs.send(
      new GetLogEventsCommand({
        logGroupName: JOB_LOG_GROUP,
        logStreamName: stream,
        startFromHead: true,
        limit: 1,
      }),
    );
    expect(first.events!.map((e) => e.message)).toEqual(['starting']);
    const next = await logs.send(
      new GetLogEventsCommand({
        logGroupName: JOB_LOG_GROUP,
        logStreamName: stream,
        startFromHead: true,
        nextToken: first.nextForwardToken,
      }),
    );
    expect(next.events!.map((e) => e.message)).toEqual([
      'Metrics - timestamp=1; iteration_number=0; energy=-1.1;',
    ]);
    const filtered = await logs.send(
      new FilterLogEventsCommand({ logGroupName: JOB_LOG_GROUP, filterPattern: '"Metrics -"' }),
    );
    expect(filtered.events!.map((e) => e.logStreamName)).toEqual([stream]);
    const all = await logs.send(new FilterLogEventsCommand({ logGroupName: JOB_LOG_GROUP }));
    expect(all.events!.map((e) => e.message)).toEqual([
      'starting',
      'other job',
      expect.stringMatching(/^Metrics/),
    ]);
  });

  it('answers unknown groups with ResourceNotFoundException and bad input with InvalidParameterException', async () => {
    await expect(
      logs.send(new GetLogEventsCommand({ logGroupName: '/none', logStreamName: 's' })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    const error = await logs
      .send(new GetLogEventsCommand({ logGroupName: JOB_LOG_GROUP, logStreamName: 's', limit: 0 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidParameterException);
    expect((error as Error).message).toMatch(/at 'limit'/);
  });
});
