import { describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import {
  adjoint,
  complexMatrix,
  hermitianEigenpairs,
  multiplyComplex,
  thinQr,
  type ComplexMatrix,
} from '../src/linalg/complex.ts';
import { ansatzProgram, type AnsatzChoice } from '../src/hivqe/ansatz/index.ts';
import type { ActiveSpace } from '../src/hivqe/ansatz/space.ts';
import { MpsSampler } from '../src/hivqe/mps/mps-sampler.ts';
import { siteGates } from '../src/hivqe/mps/site-gates.ts';
import { exportProgram } from '../src/hivqe/native/export.ts';
import { lineDevice } from '../src/hivqe/native/line-device.ts';
import { Xoshiro128 } from '../src/hivqe/rng.ts';
import { mpsAmplitudes, measuredProbabilities, runOnMps } from './support/mps.ts';
import { engineProbabilities, largestDifference, randomAngles } from './support/native.ts';

const EXACT = { maxBond: Infinity, cutoff: 0 };
const fiveOrbitals: ActiveSpace = { norb: 5, nalpha: 2, nbeta: 2 };

function exported(space: ActiveSpace, choice: AnsatzChoice, seed: number) {
  const program = ansatzProgram(space, choice);
  const theta = randomAngles(program.numParameters, seed);
  const device = lineDevice(2 * space.norb);
  return { device, theta, circuit: exportProgram(program, theta, device, 'test') };
}

describe('the matrix-product-state simulator', () => {
  const ansatze: Array<[string, ActiveSpace, AnsatzChoice]> = [
    [
      'epa, circular (SWAPs across the line)',
      fiveOrbitals,
      { ansatz: 'epa', entanglement: 'circular', reps: 2 },
    ],
    [
      'hardware_efficient, full',
      fiveOrbitals,
      { ansatz: 'hardware_efficient', entanglement: 'full', reps: 2 },
    ],
    ['uccsd', { norb: 4, nalpha: 1, nbeta: 1 }, { ansatz: 'uccsd', entanglement: 'linear', reps: 1 }],
  ];
  it.each(ansatze)(
    'at full bond dimension gives the state vector’s distribution to 1e-10: %s',
    async (_name, space, choice) => {
      const { device, theta, circuit } = exported(space, choice, 11);
      const mps = runOnMps(circuit, device, EXACT);
      const expected = await engineProbabilities(space, choice, theta);
      expect(largestDifference(measuredProbabilities(mps, circuit, device), expected)).toBeLessThan(1e-10);
      expect(mps.discardedWeight).toBeLessThan(1e-12);
    },
  );

  it('cut to a bond dimension, drops weight and reports it, and stays normalised', () => {
    const choice: AnsatzChoice = { ansatz: 'hardware_efficient', entanglement: 'full', reps: 2 };
    const { device, circuit } = exported(fiveOrbitals, choice, 3);
    const exact = mpsAmplitudes(runOnMps(circuit, device, EXACT));
    const cut = runOnMps(circuit, device, { maxBond: 4, cutoff: 0 });
    expect(cut.largestBond).toBe(4);
    expect(cut.discardedWeight).toBeGreaterThan(1e-4);
    const approx = mpsAmplitudes(cut);
    let norm = 0;
    let overlapRe = 0;
    let overlapIm = 0;
    for (let i = 0; i < exact.re.length; i++) {
      norm += approx.re[i] ** 2 + approx.im[i] ** 2;
      overlapRe += exact.re[i] * approx.re[i] + exact.im[i] * approx.im[i];
      overlapIm += exact.re[i] * approx.im[i] - exact.im[i] * approx.re[i];
    }
    expect(norm).toBeCloseTo(1, 12);
    const infidelity = 1 - (overlapRe ** 2 + overlapIm ** 2);
    expect(infidelity).toBeGreaterThan(0);
    // Each cut loses at most its dropped weight of fidelity (to first order): the sum bounds the loss.
    expect(infidelity).toBeLessThanOrEqual(2 * cut.discardedWeight);
  });

  it('tells, in the run’s log, the bond reached and the weight dropped, and when the samples stray', async () => {
    const choice: AnsatzChoice = { ansatz: 'hardware_efficient', entanglement: 'full', reps: 2 };
    const program = ansatzProgram(fiveOrbitals, choice);
    const theta = randomAngles(program.numParameters, 3);
    const lines: string[] = [];
    const tight = new MpsSampler(10, { maxBond: 2, cutoff: 0 }, 1, new CancelPoint(), (l) => lines.push(l));
    await tight.sample([exportProgram(program, theta, tight.device, 'tight')], 10, undefined, { key: '1' });
    const exact = new MpsSampler(10, EXACT, 1, new CancelPoint(), (l) => lines.push(l));
    await exact.sample([exportProgram(program, theta, exact.device, 'exact')], 10, undefined, { key: '1' });
    expect(lines[0]).toMatch(
      /^matrix-product state: tight bond 2, discarded weight \d\.\de[-+]\d+ \(far from the circuit: raise mps_bond_dimension\)$/,
    );
    expect(lines[1]).toMatch(/^matrix-product state: exact bond 32, discarded weight \d\.\de-\d+$/);
  });

  it('a cutoff keeps only the bond the weight needs', () => {
    const choice: AnsatzChoice = { ansatz: 'hardware_efficient', entanglement: 'full', reps: 2 };
    const { device, circuit } = exported(fiveOrbitals, choice, 3);
    const loose = runOnMps(circuit, device, { maxBond: Infinity, cutoff: 1e-2 });
    const exact = runOnMps(circuit, device, EXACT);
    expect(loose.largestBond).toBeLessThan(exact.largestBond);
    expect(loose.discardedWeight).toBeGreaterThan(0);
  });

  it('fuses the gates on a neighbouring pair into one, and refuses qubits that are not neighbours', () => {
    const cz = (a: string, b: string) => ({
      name: 'cz' as const,
      qubits: [a, b] as [string, string],
      args: {},
    });
    const prx = (q: string) => ({
      name: 'prx' as const,
      qubits: [q] as [string],
      args: { angle_t: 0.25, phase_t: 0 },
    });
    const siteOf = (q: string) => Number(q.slice(1));
    const gates = siteGates(
      [prx('Q0'), cz('Q0', 'Q1'), prx('Q1'), cz('Q1', 'Q0'), cz('Q1', 'Q2'), prx('Q0')],
      siteOf,
    );
    expect(gates.map((g) => `${g.type}@${g.site}`)).toEqual(['pair@0', 'pair@1', 'single@0']);
    expect(() => siteGates([cz('Q0', 'Q2')], siteOf)).toThrow('the qubits are not neighbours on the line');
  });

  it('samples as the state vector’s probabilities say, the same shots for the same call', async () => {
    const space: ActiveSpace = { norb: 4, nalpha: 2, nbeta: 2 };
    const choice: AnsatzChoice = { ansatz: 'epa', entanglement: 'linear', reps: 2 };
    const program = ansatzProgram(space, choice);
    const theta = randomAngles(program.numParameters, 5);
    const sampler = new MpsSampler(8, EXACT, 7, new CancelPoint());
    const circuit = exportProgram(program, theta, sampler.device, 'p');
    const shots = 100_000;
    const [counts] = await sampler.sample([circuit], shots, undefined, { key: '1' });
    expect(await sampler.sample([circuit], shots, undefined, { key: '1' })).toEqual([counts]);
    expect(await sampler.sample([circuit], shots, undefined, { key: '2' })).not.toEqual([counts]);
    const expected = await engineProbabilities(space, choice, theta);
    let total = 0;
    let distance = 0;
    const seen = new Set<number>();
    for (const [bits, n] of Object.entries(counts)) {
      total += n;
      const outcome = [...bits].reduce((x, bit, q) => x | (Number(bit) << q), 0);
      seen.add(outcome);
      distance += Math.abs(n / shots - expected[outcome]);
    }
    expected.forEach((p, outcome) => (distance += seen.has(outcome) ? 0 : p));
    expect(total).toBe(shots);
    // Total variation distance of 100,000 shots from the distribution over 36 outcomes: ~0.006 expected.
    expect(distance / 2).toBeLessThan(0.02);
  });
});

describe('complex linear algebra for the cuts', () => {
  function randomMatrix(rows: number, cols: number, seed: number): ComplexMatrix {
    const rng = new Xoshiro128(seed);
    const m = complexMatrix(rows, cols);
    for (let i = 0; i < m.re.length; i++) [m.re[i], m.im[i]] = [rng.next() - 0.5, rng.next() - 0.5];
    return m;
  }
  const largestEntry = (a: ComplexMatrix, b: ComplexMatrix) =>
    a.re.reduce((most, x, i) => Math.max(most, Math.abs(x - b.re[i]), Math.abs(a.im[i] - b.im[i])), 0);

  it('finds whole, orthonormal eigenspaces of a Hermitian matrix with repeated eigenvalues', () => {
    // h = q·diag(3, 3, 1, 1, 1, 0)·q† with q unitary: a twofold, a threefold and a zero eigenvalue.
    const { q } = thinQr(randomMatrix(6, 6, 1));
    const diagonal = [3, 3, 1, 1, 1, 0];
    const scaled = complexMatrix(6, 6);
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 6; j++) {
        scaled.re[i * 6 + j] = q.re[i * 6 + j] * diagonal[j];
        scaled.im[i * 6 + j] = q.im[i * 6 + j] * diagonal[j];
      }
    }
    const h = multiplyComplex(scaled, adjoint(q));
    const { values, vectors } = hermitianEigenpairs(h, 1e-12);
    expect([...values].map((v) => Number(v.toFixed(10)))).toEqual([3, 3, 1, 1, 1]);
    const identity = multiplyComplex(adjoint(vectors), vectors);
    const expected = complexMatrix(5, 5);
    for (let i = 0; i < 5; i++) expected.re[i * 6] = 1;
    expect(largestEntry(identity, expected)).toBeLessThan(1e-12);
    const rebuilt = complexMatrix(6, 5);
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 5; j++) {
        rebuilt.re[i * 5 + j] = vectors.re[i * 5 + j] * values[j];
        rebuilt.im[i * 5 + j] = vectors.im[i * 5 + j] * values[j];
      }
    }
    expect(largestEntry(multiplyComplex(rebuilt, adjoint(vectors)), h)).toBeLessThan(1e-12);
  });

  it('factors a rank-deficient matrix as q·r with as many orthonormal columns as its rank', () => {
    // 5 × 4 of rank 2.
    const a = multiplyComplex(randomMatrix(5, 2, 2), randomMatrix(2, 4, 3));
    const { q, r } = thinQr(a);
    expect(q.cols).toBe(2);
    expect(largestEntry(multiplyComplex(q, r), a)).toBeLessThan(1e-12);
    const gram = multiplyComplex(adjoint(q), q);
    expect(gram.re[0]).toBeCloseTo(1, 12);
    expect(gram.re[3]).toBeCloseTo(1, 12);
    expect(Math.hypot(gram.re[1], gram.im[1])).toBeLessThan(1e-12);
  });
});
