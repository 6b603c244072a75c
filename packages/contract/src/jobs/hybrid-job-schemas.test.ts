import { describe, expect, it } from 'vitest';
import { JOB_ARN_MESSAGE, hyperparameterMap } from './fields.ts';
import {
  cancelHybridJobResponse,
  hybridJob,
  hybridJobDetailQuery,
  hybridJobDetailResponse,
  hybridJobListQuery,
  hybridJobListResponse,
  hybridJobQuery,
} from './hybrid-job-schemas.ts';

const ARN = 'arn:aws:braket:us-east-1:123456789012:job/hivqe-1700000000000';

const job = {
  job_arn: ARN,
  job_name: 'hivqe-1700000000000',
  status: 'RUNNING',
  device: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1',
  backend: 'braket',
  simulated_locally: false,
  created_at: '2024-01-01T00:00:00.000Z',
  started_at: '2024-01-01T00:01:00+00:00',
  ended_at: null,
  failure_reason: null,
  tags: { Project: 'HI-VQE' },
  hyperparameters: { shots: '1000' },
};

describe('hybridJobListQuery', () => {
  it('defaults max_results to 10, newest first, and reads numbers from the query string', () => {
    expect(hybridJobListQuery.parse({})).toEqual({ max_results: 10, sort: '-created_at' });
    expect(
      hybridJobListQuery.parse({
        max_results: '100',
        next_token: 't',
        user_id: 'a@b.c',
        status_filter: 'FAILED',
      }),
    ).toEqual({
      max_results: 100,
      next_token: 't',
      user_id: 'a@b.c',
      status_filter: 'FAILED',
      sort: '-created_at',
    });
  });

  it.each(['0', '101', '1.5', 'ten'])('refuses max_results %s', (value) => {
    expect(hybridJobListQuery.safeParse({ max_results: value }).error?.issues[0].message).toBe(
      'max_results must be a whole number from 1 to 100',
    );
  });

  it('refuses a status that is not one of the statuses', () => {
    expect(hybridJobListQuery.safeParse({ status_filter: 'running' }).success).toBe(false);
  });
});

describe('hybridJobQuery', () => {
  it('accepts a Braket job ARN', () => {
    expect(hybridJobQuery.parse({ job_arn: ARN })).toEqual({ job_arn: ARN });
    expect(
      hybridJobQuery.safeParse({ job_arn: 'arn:aws:braket:eu-north-1:123456789012:job/a1b2/run-3' }).success,
    ).toBe(true);
  });

  it.each([
    [undefined],
    [''],
    ['hivqe-1'],
    ['arn:aws:braket:us-east-1:1234:job/x'],
    ['arn:aws:braket:us-east-1:123456789012:device/x'],
    ['arn:aws:s3:us-east-1:123456789012:job/x'],
    [`arn:aws:braket:us-east-1:123456789012:job/${'x'.repeat(250)}`],
  ])('refuses job_arn %j', (jobArn) => {
    expect(hybridJobQuery.safeParse({ job_arn: jobArn }).error?.issues[0].message).toBe(JOB_ARN_MESSAGE);
  });

  it('takes an optional frontend_status on the detail call', () => {
    expect(hybridJobDetailQuery.parse({ job_arn: ARN, frontend_status: 'UNKNOWN' })).toEqual({
      job_arn: ARN,
      frontend_status: 'UNKNOWN',
    });
  });
});

describe('hybridJob and the list response', () => {
  it('parses a job and a page of jobs', () => {
    expect(hybridJob.parse(job)).toEqual(job);
    expect(hybridJobListResponse.parse({ jobs: [job], next_token: null, total_count: 1 })).toEqual({
      jobs: [job],
      next_token: null,
      total_count: 1,
    });
    expect(hybridJobListResponse.safeParse({ jobs: [job], next_token: null }).success).toBe(false);
  });

  it('refuses dates without a zone and unknown statuses', () => {
    expect(hybridJob.safeParse({ ...job, created_at: '2024-01-01 00:00:00' }).success).toBe(false);
    expect(hybridJob.safeParse({ ...job, status: 'UNKNOWN' }).success).toBe(false);
  });
});

describe('hybridJobDetailResponse', () => {
  const detail = {
    job_arn: ARN,
    job_history: {
      job_name: 'hivqe-1700000000000',
      job_status: 'FAILED',
      status: 'FAILED',
      created_at: '2024-01-01T00:00:00Z',
      last_updated: null,
      assume_role_used: false,
      role_arn: null,
    },
    job_parameters: {
      hyperparameters: null,
      output_data_config: { s3Path: 's3://amazon-braket-us-east-1-123456789012/jobs' },
      instance_config: { instanceType: 'ml.m5.large', volumeSizeInGb: 100, instanceCount: 1 },
    },
  };

  it('parses a detail, with or without hyperparameters', () => {
    expect(hybridJobDetailResponse.parse(detail)).toEqual(detail);
    const withHyperparameters = {
      ...detail,
      job_parameters: { ...detail.job_parameters, hyperparameters: { a: 'b' } },
    };
    expect(hybridJobDetailResponse.parse(withHyperparameters)).toEqual(withHyperparameters);
  });

  it('needs assume_role_used as a boolean', () => {
    const bad = { ...detail, job_history: { ...detail.job_history, assume_role_used: 'No' } };
    expect(hybridJobDetailResponse.safeParse(bad).success).toBe(false);
  });
});

describe('hyperparameterMap', () => {
  it('holds Braket’s limits: 100 entries, values up to 2500 characters', () => {
    const entries = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    expect(hyperparameterMap.safeParse(entries(100)).success).toBe(true);
    expect(hyperparameterMap.safeParse(entries(101)).error?.issues[0].message).toBe(
      'At most 100 hyperparameters',
    );
    expect(hyperparameterMap.safeParse({ k: 'x'.repeat(2500) }).success).toBe(true);
    expect(hyperparameterMap.safeParse({ k: 'x'.repeat(2501) }).success).toBe(false);
    expect(hyperparameterMap.safeParse({ k: 1 }).success).toBe(false);
  });
});

describe('cancelHybridJobResponse', () => {
  it('reports Braket’s cancellation status', () => {
    expect(cancelHybridJobResponse.parse({ job_arn: ARN, status: 'CANCELLING' }).status).toBe('CANCELLING');
    expect(cancelHybridJobResponse.safeParse({ job_arn: ARN, status: 'RUNNING' }).success).toBe(false);
  });
});
