import { describe, expect, it } from 'vitest';
import {
  EngineInputError,
  isAbortError,
  lineDevice,
  runHiVqe,
  sampleNative,
  type NativeCircuit,
  type NativeDevice,
  type Sampler,
} from '../src/index.ts';
import { countsToSamples } from '../src/hivqe/native/device-shots.ts';

const H2 = {
  molecule_geometry: 'H 0 0 0;H 0 0 0.74',
  basis: 'sto-3g',
  active_orbitals: [0, 1],
  frozen_orbitals: [],
};
/**
 * LiH STO-3G, 1s frozen, five active orbitals: 10 qubits, 100 determinants; one handed-over excitation
 * per iteration, so that the subspace also needs the sampled strings.
 */
const LIH = {
  molecule_geometry: 'Li 0 0 0;H 0 0 1.6',
  basis: 'sto-3g',
  active_orbitals: [1, 2, 3, 4, 5],
  frozen_orbitals: [0],
  max_states: 36,
  max_expansion_states: 1,
};

interface Call {
  names: string[];
  shots: number;
  signal: AbortSignal | undefined;
}

/** A stand-in quantum computer: samples each circuit exactly (sampleNative), a new seed per circuit. */
function simulatedSampler(device: NativeDevice): Sampler & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    device,
    calls,
    async sample(circuits: NativeCircuit[], shots: number, signal?: AbortSignal) {
      calls.push({ names: circuits.map((c) => c.name), shots, signal });
      return circuits.map((c, i) => sampleNative(c, device.qubits, shots, 2 * calls.length + i));
    },
  };
}

describe('HI-VQE with shots from a (simulated) quantum computer', () => {
  it('H2: one sample call of two circuits per iteration, and the CASCI energy', async () => {
    const sampler = simulatedSampler(lineDevice(4));
    const controller = new AbortController();
    const lines: string[] = [];
    const result = await runHiVqe(H2, { sampler, signal: controller.signal, onLog: (l) => lines.push(l) });
    expect(Math.abs(result.energy - -1.137283834)).toBeLessThan(1.6e-3);
    expect(sampler.calls).toHaveLength(result.iterations);
    sampler.calls.forEach((call, i) => {
      expect(call.names).toEqual([`hivqe-it${i + 1}-plus`, `hivqe-it${i + 1}-minus`]);
      expect(call.shots).toBe(1000);
      expect(call.signal).toBe(controller.signal);
    });
    const deviceLines = lines.filter((l) => l.includes('shots from the quantum computer'));
    expect(deviceLines).toHaveLength(result.iterations);
    expect(deviceLines[0]).toMatch(
      /^iteration 1: 1000 \+ 1000 shots from the quantum computer \(hivqe-it1-plus/,
    );
    expect(lines.find((l) => l.startsWith('HI-VQE:'))).toContain(
      'shots from a quantum computer with 4 qubits',
    );
  });

  it('LiH on a larger device: reaches the energy the simulated shots reach', async () => {
    const sampler = simulatedSampler(lineDevice(12));
    const lines: string[] = [];
    const device = await runHiVqe(LIH, { sampler, onLog: (l) => lines.push(l) });
    const simulated = await runHiVqe(LIH);
    expect(sampler.calls).toHaveLength(device.iterations);
    expect(Math.abs(device.energy - simulated.energy)).toBeLessThan(1e-6);
    expect(Math.abs(device.energy - device.eCasci!)).toBeLessThan(1e-6);
    const kept = lines.map((l) => /shots (\d+) kept/.exec(l)).filter((m) => m !== null);
    expect(kept.length).toBe(device.iterations);
    expect(kept.every((m) => Number(m[1]) > 0)).toBe(true);
  });

  it('reads character k of a measured bitstring as qubit k: alpha orbitals, then beta', async () => {
    // H2 (2 orbitals): '1010' is HF (α0 β0), '0110' is α1 β0, '1100' has two alpha electrons and none beta.
    const fixed: Sampler = {
      device: lineDevice(4),
      sample: async (circuits) => circuits.map(() => ({ '1010': 600, '0110': 300, '1100': 100 })),
    };
    const lines: string[] = [];
    await runHiVqe({ ...H2, max_iter: 1 }, { sampler: fixed, onLog: (l) => lines.push(l) });
    expect(lines.find((l) => l.startsWith('iteration 1: E'))).toContain(
      'shots 1800 kept, 0 repaired, 200 dropped',
    );
    expect(countsToSamples({ '0110': 3, '1001': 0, '0001': 2 }, 2)).toEqual([
      { alpha: 0, beta: 0b10, count: 2 },
      { alpha: 0b10, beta: 0b01, count: 3 },
    ]);
    expect(() => countsToSamples({ '011': 3 }, 2)).toThrow('expected strings of 4 bits');
  });

  it('rejects with the sampler’s error, and refuses a device too small before CASCI', async () => {
    const failure = new Error('job failed on the device');
    const failing: Sampler = { device: lineDevice(4), sample: () => Promise.reject(failure) };
    await expect(runHiVqe(H2, { sampler: failing })).rejects.toBe(failure);

    const lines: string[] = [];
    const small = simulatedSampler(lineDevice(3));
    await expect(runHiVqe(H2, { sampler: small, onLog: (l) => lines.push(l) })).rejects.toThrow(
      EngineInputError,
    );
    await expect(runHiVqe(H2, { sampler: small })).rejects.toThrow('the quantum computer has 3');
    expect(lines.some((l) => l.startsWith('CASCI'))).toBe(false);
  });

  it('an abort while the device runs the job cancels the run', async () => {
    const controller = new AbortController();
    const hanging: Sampler = {
      device: lineDevice(4),
      sample: (_circuits, _shots, signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener('abort', () => reject(new Error('job cancelled')));
          controller.abort();
        }),
    };
    await expect(runHiVqe(H2, { sampler: hanging, signal: controller.signal })).rejects.toSatisfy(
      isAbortError,
    );
  });
});
