import { describe, expect, it } from 'vitest';
import { simulatedLocally } from './back-ends.ts';
import { ANKAA_3, SV1 } from './devices.ts';

describe('simulatedLocally', () => {
  it('is the local engine standing in for a QPU or an IQM computer', () => {
    expect(simulatedLocally('local', ANKAA_3.arn)).toBe(true);
    expect(simulatedLocally('local', 'garnet')).toBe(true);
  });

  it('is not a simulator job, nor a job a quantum service ran', () => {
    expect(simulatedLocally('local', SV1.arn)).toBe(false);
    expect(simulatedLocally('braket', ANKAA_3.arn)).toBe(false);
    expect(simulatedLocally('iqm', 'garnet')).toBe(false);
  });
});
