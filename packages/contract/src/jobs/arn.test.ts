import { describe, expect, it } from 'vitest';
import {
  arnAccount,
  arnRegion,
  deviceNameFromPath,
  deviceVendorFromPath,
  isSimulatorPath,
  jobIdFromArn,
} from './arn.ts';

const JOB = 'arn:aws:braket:us-west-1:123456789012:job/hivqe-1700000000000';

describe('job ARNs', () => {
  it('reads the region from the 4th and the account from the 5th segment', () => {
    expect(arnRegion(JOB)).toBe('us-west-1');
    expect(arnAccount(JOB)).toBe('123456789012');
  });

  it('gives empty strings for segments an ARN lacks', () => {
    expect(arnRegion('not-an-arn')).toBe('');
    expect(arnAccount('arn:aws:braket')).toBe('');
  });

  it('takes the job id from the last path segment', () => {
    expect(jobIdFromArn(JOB)).toBe('hivqe-1700000000000');
    expect(jobIdFromArn('arn:aws:braket:eu-north-1:123456789012:job/a/b/c9f1')).toBe('c9f1');
    expect(jobIdFromArn('plain-id')).toBe('plain-id');
  });
});

describe('device paths', () => {
  it('reads name and vendor of a simulator and a QPU', () => {
    expect(deviceNameFromPath('arn:aws:braket:::device/quantum-simulator/amazon/sv1')).toBe('sv1');
    expect(deviceVendorFromPath('arn:aws:braket:::device/quantum-simulator/amazon/sv1')).toBe('amazon');
    expect(deviceNameFromPath('arn:aws:braket:us-east-1::device/qpu/ionq/Aria-1')).toBe('Aria-1');
    expect(deviceVendorFromPath('arn:aws:braket:us-east-1::device/qpu/ionq/Aria-1')).toBe('ionq');
  });

  it('has no vendor for a bare device name', () => {
    expect(deviceNameFromPath('garnet')).toBe('garnet');
    expect(deviceVendorFromPath('garnet')).toBe('');
  });

  it('tells simulators by the word simulator in the path', () => {
    expect(isSimulatorPath('arn:aws:braket:::device/quantum-simulator/amazon/tn1')).toBe(true);
    expect(isSimulatorPath('arn:aws:braket:us-west-1::device/qpu/rigetti/Ankaa-3')).toBe(false);
  });
});
