import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  startAwsStandIn,
  translateJavaPattern,
  UntranslatablePatternError,
  validateAgainstModel,
} from '../src/index.ts';

const validTask = {
  action: '{}',
  clientToken: 'token-1',
  deviceArn: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1',
  outputS3Bucket: 'amazon-braket-stand-in',
  outputS3KeyPrefix: 'tasks',
  shots: 100,
};

const validJob = {
  algorithmSpecification: { containerImage: { uri: '123456789012.dkr.ecr.us-east-1.amazonaws.com/hivqe:1' } },
  clientToken: 'job-token',
  deviceConfig: { device: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1' },
  instanceConfig: { instanceType: 'ml.m5.large', volumeSizeInGb: 30 },
  jobName: 'hivqe-1',
  outputDataConfig: { s3Path: 's3://amazon-braket-stand-in/jobs/hivqe-1/data' },
  roleArn: 'arn:aws:iam::123456789012:role/BraketJob',
};

describe('validateAgainstModel', () => {
  it('accepts valid inputs', () => {
    expect(validateAgainstModel('braket', 'CreateQuantumTask', validTask)).toEqual([]);
    expect(validateAgainstModel('braket', 'CreateJob', validJob)).toEqual([]);
  });

  it('reports missing required members, nested too', () => {
    const { shots: _shots, ...noShots } = validTask;
    expect(validateAgainstModel('braket', 'CreateQuantumTask', noShots)).toEqual([
      "Value null at 'shots' failed to satisfy constraint: Member must not be null",
    ]);
    const errors = validateAgainstModel('braket', 'CreateJob', {
      ...validJob,
      instanceConfig: { volumeSizeInGb: 30 },
    });
    expect(errors).toEqual([
      "Value null at 'instanceConfig.instanceType' failed to satisfy constraint: Member must not be null",
    ]);
  });

  it('checks types', () => {
    expect(validateAgainstModel('braket', 'CreateQuantumTask', { ...validTask, shots: '100' })).toEqual([
      "Value '100' at 'shots' failed to satisfy constraint: Member must be an integer",
    ]);
    expect(validateAgainstModel('braket', 'CreateQuantumTask', { ...validTask, shots: 1.5 })[0]).toMatch(
      /must be an integer/,
    );
    expect(validateAgainstModel('braket', 'CreateQuantumTask', { ...validTask, tags: ['a'] })[0]).toMatch(
      /must be a map/,
    );
    expect(
      validateAgainstModel('logs', 'GetLogEvents', {
        logGroupName: 'g',
        logStreamName: 's',
        startFromHead: 'yes',
      })[0],
    ).toMatch(/must be a boolean/);
  });

  it('checks string lengths in characters', () => {
    expect(
      validateAgainstModel('braket', 'CreateQuantumTask', { ...validTask, clientToken: 'x'.repeat(65) })[0],
    ).toMatch(
      /at 'clientToken' failed to satisfy constraint: Member must have length less than or equal to 64/,
    );
    expect(
      validateAgainstModel('braket', 'CreateQuantumTask', { ...validTask, clientToken: 'é'.repeat(64) }),
    ).toEqual([]);
    expect(
      validateAgainstModel('braket', 'CreateQuantumTask', { ...validTask, outputS3Bucket: 'ab' })[0],
    ).toMatch(/length greater than or equal to 3/);
  });

  it('checks integer ranges', () => {
    expect(validateAgainstModel('braket', 'CreateQuantumTask', { ...validTask, shots: -1 })[0]).toMatch(
      /at 'shots' .* value greater than or equal to 0/,
    );
    const instanceConfig = { ...validJob.instanceConfig, volumeSizeInGb: 0 };
    expect(validateAgainstModel('braket', 'CreateJob', { ...validJob, instanceConfig })[0]).toMatch(
      /greater than or equal to 1/,
    );
  });

  it('checks enums', () => {
    expect(
      validateAgainstModel('braket', 'CreateJob', {
        ...validJob,
        instanceConfig: { ...validJob.instanceConfig, instanceType: 'm5.huge' },
      })[0],
    ).toMatch(/at 'instanceConfig.instanceType' .* enum value set/);
  });

  it('checks patterns, including \\p{…} classes', () => {
    expect(
      validateAgainstModel('braket', 'CreateJob', { ...validJob, jobName: '-starts-with-dash' })[0],
    ).toMatch(/at 'jobName' .* regular expression pattern/);
    expect(
      validateAgainstModel('braket', 'CreateJob', { ...validJob, roleArn: 'arn:aws:iam::12:role/x' })[0],
    ).toMatch(/roleArn/);
    expect(
      validateAgainstModel('braket', 'GetJob', { jobArn: 'arn:aws:braket:us-east-1:123456789012:task/x' })[0],
    ).toMatch(/jobArn/);
    // Tags: ^([\p{L}\p{Z}\p{N}_.:/=+\-@]*)$, Unicode letters allowed, other symbols not.
    expect(
      validateAgainstModel('logs', 'CreateLogGroup', { logGroupName: 'g', tags: { Größe: 'ß 1' } }),
    ).toEqual([]);
    expect(
      validateAgainstModel('logs', 'CreateLogGroup', { logGroupName: 'g', tags: { 'a!': 'v' } })[0],
    ).toMatch(/at 'tags.key'/);
    // Unanchored, as Smithy defines `pattern`: a value containing one allowed character matches.
    expect(validateAgainstModel('logs', 'GetLogEvents', { logGroupName: 'a b', logStreamName: 's' })).toEqual(
      [],
    );
    expect(
      validateAgainstModel('logs', 'GetLogEvents', { logGroupName: '!', logStreamName: 's' })[0],
    ).toMatch(/logGroupName/);
  });

  it('checks list sizes, map sizes and map keys and values', () => {
    const filter = { name: 'status', operator: 'EQUAL', values: ['RUNNING'] };
    expect(validateAgainstModel('braket', 'SearchJobs', { filters: Array(11).fill(filter) })[0]).toMatch(
      /at 'filters' .* length less than or equal to 10/,
    );
    expect(
      validateAgainstModel('braket', 'SearchJobs', { filters: [{ ...filter, operator: 'LIKE' }] })[0],
    ).toMatch(/at 'filters.1.member.operator'/);
    const tooMany = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'v']));
    expect(validateAgainstModel('braket', 'CreateJob', { ...validJob, hyperParameters: tooMany })[0]).toMatch(
      /at 'hyperParameters' .* length less than or equal to 100/,
    );
    expect(
      validateAgainstModel('braket', 'CreateJob', {
        ...validJob,
        hyperParameters: { k: 'v'.repeat(2600) },
      })[0],
    ).toMatch(/at 'hyperParameters.k' .* length less than or equal to 2500/);
    expect(
      validateAgainstModel('braket', 'CreateJob', {
        ...validJob,
        hyperParameters: { ['k'.repeat(257)]: 'v' },
      })[0],
    ).toMatch(/at 'hyperParameters.key'/);
  });

  it('reports members the shape does not have', () => {
    expect(validateAgainstModel('braket', 'CreateQuantumTask', { ...validTask, priority: 1 })).toEqual([
      "Unknown member 'priority'",
    ]);
  });
});

describe('translateJavaPattern', () => {
  it('keeps Unicode classes and rewrites Java-only spellings', () => {
    expect(translateJavaPattern('^[\\p{L}\\p{N}]+$').test('Zürich42')).toBe(true);
    expect(translateJavaPattern('^\\p{Alpha}+$').test('abc')).toBe(true);
    expect(translateJavaPattern('^\\p{Alpha}+$').test('äbc')).toBe(false);
    expect(translateJavaPattern('\\Aab\\z').test('ab')).toBe(true);
    expect(translateJavaPattern('\\p{IsLatin}').test('a')).toBe(true);
  });

  it('is not anchored unless the pattern says so', () => {
    expect(translateJavaPattern('[0-9]+').test('abc1')).toBe(true);
  });

  it('refuses what ECMAScript cannot express', () => {
    expect(() => translateJavaPattern('a*+')).toThrow(UntranslatablePatternError);
    expect(() => translateJavaPattern('(?>ab)')).toThrow(/atomic group/);
    expect(() => translateJavaPattern('(?i)ab')).toThrow(/inline flag/);
    expect(() => translateJavaPattern('\\p{javaLowerCase}')).toThrow(/Java character property/);
    expect(() => translateJavaPattern('\\p{InGreek}')).toThrow(/Unicode block/);
  });
});

describe('startAwsStandIn without models', () => {
  it('fails naming the Debian package', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-botocore-'));
    await expect(startAwsStandIn({ modelsDir: empty })).rejects.toThrow(/apt-get install python3-botocore/);
  });
});

describe('the models', () => {
  it('have only patterns the translator handles', async () => {
    const { loadModel } = await import('../src/validation/models.ts');
    for (const service of ['braket', 's3', 'logs'] as const) {
      const patterns = Object.values(loadModel(service).shapes).flatMap((shape) => shape.pattern ?? []);
      expect(patterns.length).toBeGreaterThan(0);
      for (const pattern of patterns) expect(() => translateJavaPattern(pattern)).not.toThrow();
    }
  });
});
