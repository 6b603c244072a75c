import { describe, expect, it } from 'vitest';
import {
  accountDigits,
  bucketFromS3Path,
  executionRoleArn,
  outputS3Path,
  serviceBucketName,
} from './braket-resources.ts';

describe('cloud resource names', () => {
  it('strips dashes from account ids', () => {
    expect(accountDigits('1234-5678-9012')).toBe('123456789012');
  });

  it('names Braket’s execution role in the account', () => {
    expect(executionRoleArn('1234-5678-9012')).toBe(
      'arn:aws:iam::123456789012:role/service-role/AmazonBraketJobsExecutionRole',
    );
  });

  it('names the service bucket prefix-region-account', () => {
    expect(serviceBucketName('eu-west-2', '1234-5678-9012')).toBe('amazon-braket-eu-west-2-123456789012');
  });

  it('writes and reads s3 paths', () => {
    expect(outputS3Path('amazon-braket-us-east-1-123456789012')).toBe(
      's3://amazon-braket-us-east-1-123456789012/jobs',
    );
    expect(bucketFromS3Path('s3://my-bucket/jobs/run-1/output')).toBe('my-bucket');
    expect(bucketFromS3Path('s3://my-bucket')).toBe('my-bucket');
    expect(bucketFromS3Path('my-bucket')).toBe('');
  });
});
