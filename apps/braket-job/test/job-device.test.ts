import { describe, expect, it } from 'vitest';
import { deviceCapabilities, DEVICES } from '@hivqe/aws-stand-in';
import { jobDevice } from '../src/job-device.ts';

const capabilities = (arn: string) => JSON.stringify(deviceCapabilities(DEVICES.find((d) => d.arn === arn)!));
const SV1 = 'arn:aws:braket:::device/quantum-simulator/amazon/sv1';
const GARNET = 'arn:aws:braket:eu-north-1::device/qpu/iqm/Garnet';

describe('the job device from GetDevice', () => {
  it('a simulator: only the qubits the circuit needs, all coupled, virtual qubits in standard gates', () => {
    const { device, target } = jobDevice(SV1, capabilities(SV1), 4);
    expect(device.qubits).toEqual(['0', '1', '2', '3']);
    expect(device.couplings).toHaveLength(6);
    expect(target).toEqual({ qubits: 'virtual', gates: 'standard' });
  });

  it("a QPU: its connectivity graph's qubits and couplings, physical qubits in native prx/cz", () => {
    const { device, target } = jobDevice(GARNET, capabilities(GARNET), 4);
    expect(device.qubits).toHaveLength(20);
    expect(device.qubits[0]).toBe('1');
    const pairs = new Set(device.couplings.map((pair) => pair.join('-')));
    expect(pairs.size).toBe(device.couplings.length);
    expect(device.couplings.every(([a, b]) => Number(a) < Number(b))).toBe(true);
    expect(target).toEqual({ qubits: 'physical', gates: 'native' });
  });

  it('refuses a circuit larger than the device', () => {
    expect(() => jobDevice(GARNET, capabilities(GARNET), 22)).toThrow('has 20 qubits; the circuit needs 22');
  });
});
