import { beforeAll, describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci } from '../src/ci/casci.ts';
import { rotateOrbitals } from '../src/ci/orbital-rotation.ts';
import { ProductSpaceHamiltonian } from '../src/ci/product-space.ts';
import { enumerateStrings } from '../src/ci/strings.ts';
import { naturalOrbitals, oneParticleDensity } from '../src/hivqe/natural-orbitals.ts';
import { diagonalise } from '../src/hivqe/subspace.ts';
import { eigh } from '../src/linalg/eigh.ts';
import {
  EngineInputError,
  isAbortError,
  runHiVqe,
  type EngineResult,
  type LoopCheckpoint,
} from '../src/index.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';
import { n2Sto3g } from './support/n2-sto3g.ts';

const cancel = new CancelPoint();
let ham: ActiveSpaceHamiltonian;
beforeAll(() => {
  ham = n2Sto3g(1.6);
});

/** A symmetric matrix with entries from a fixed sequence (no generator state shared with the engine). */
function symmetric(n: number, salt: number): Float64Array {
  const m = new Float64Array(n * n);
  for (let p = 0; p < n; p++) {
    for (let q = 0; q <= p; q++) {
      const value = Math.sin(salt + 7.3 * p + 3.1 * q);
      m[p * n + q] = value;
      m[q * n + p] = value;
    }
  }
  return m;
}

describe('a rotation of the active orbitals', () => {
  it('leaves the CASCI energy as it was, and changes the integrals', async () => {
    const u = eigh(symmetric(ham.norb, 1), ham.norb).vectors;
    const rotated = rotateOrbitals(ham, u);
    expect(Math.abs(rotated.h1[0] - ham.h1[0])).toBeGreaterThan(1e-3);
    const [before, after] = [await casci(ham, cancel), await casci(rotated, cancel)];
    // To Davidson's tolerance.
    expect(after.energy).toBeCloseTo(before.energy, 9);
  });
});

describe('the one-particle density of a subspace state', () => {
  it('gives every one-electron operator’s expectation value, <Ψ|Σ o_pq a†_p a_q|Ψ> = Σ o_pq γ_pq', async () => {
    // Every other string: a subspace, not the whole space.
    const strings = Array.from(enumerateStrings(ham.norb, ham.nalpha)).filter((_, i) => i % 2 === 0);
    const state = await diagonalise(ham, strings, null, cancel);
    const density = oneParticleDensity(state, ham.norb);
    // The operator as a Hamiltonian with no two-electron part, applied by the σ code the loop uses.
    const field = symmetric(ham.norb, 2);
    const operator = { ...ham, h1: field, eri: new Float64Array(ham.eri.length), ecore: 0 };
    const product = new ProductSpaceHamiltonian(operator, state.strings, state.strings);
    const applied = new Float64Array(state.vector.length);
    await product.apply(state.vector, applied, cancel);
    const expectation = applied.reduce((sum, x, i) => sum + x * state.vector[i], 0);
    const contracted = density.reduce((sum, g, i) => sum + g * field[i], 0);
    expect(Math.abs(expectation)).toBeGreaterThan(0.1);
    expect(contracted).toBeCloseTo(expectation, 12);
    // Its trace counts the electrons; it is symmetric.
    let trace = 0;
    for (let p = 0; p < ham.norb; p++) trace += density[p * ham.norb + p];
    expect(trace).toBeCloseTo(ham.nalpha + ham.nbeta, 10);
    for (let p = 0; p < ham.norb; p++)
      for (let q = 0; q < p; q++) expect(density[p * ham.norb + q]).toBe(density[q * ham.norb + p]);
  });

  it('has natural orbitals that diagonalise it, most occupied first', async () => {
    const exact = await diagonalise(ham, enumerateStrings(ham.norb, ham.nalpha), null, cancel);
    const n = ham.norb;
    const density = oneParticleDensity(exact, n);
    const { occupations, rotation } = naturalOrbitals(density, n);
    for (let k = 1; k < n; k++) expect(occupations[k]).toBeLessThanOrEqual(occupations[k - 1]);
    expect(occupations[0]).toBeLessThanOrEqual(2 + 1e-12);
    expect(occupations[n - 1]).toBeGreaterThanOrEqual(-1e-12);
    // Stretched N2: some orbitals are far from 2 and 0.
    expect(occupations.some((x) => x > 0.1 && x < 1.9)).toBe(true);
    for (let k = 0; k < n; k++) {
      for (let l = 0; l < n; l++) {
        let sum = 0;
        for (let p = 0; p < n; p++)
          for (let q = 0; q < n; q++) sum += rotation[p * n + k] * density[p * n + q] * rotation[q * n + l];
        expect(sum).toBeCloseTo(k === l ? occupations[k] : 0, 10);
      }
    }
  });
});

describe('natural orbitals of a symmetric molecule', () => {
  it('keep its symmetry: N2’s degenerate π pairs are not mixed, and the integrals stay as sparse', async () => {
    const exact = await diagonalise(ham, enumerateStrings(ham.norb, ham.nalpha), null, cancel);
    const { occupations, rotation } = naturalOrbitals(oneParticleDensity(exact, ham.norb), ham.norb);
    // Degenerate pairs are there to be mixed.
    expect(occupations.some((x, k) => k > 0 && Math.abs(x - occupations[k - 1]) < 1e-8)).toBe(true);
    const rotated = rotateOrbitals(ham, rotation);
    const significant = (eri: Float64Array) => eri.filter((x) => Math.abs(x) > 1e-12).length;
    expect(significant(rotated.eri)).toBe(significant(ham.eri));
  });
});

/**
 * H2O cc-pVDZ, (11o,8e), room for 961 of its 108,900 determinants: the first run has 49, and over its
 * natural orbitals the loop ends 1.7 mHa lower than over the canonical ones (4.7 against 6.4 mHa above CASCI).
 */
const HYPERPARAMETERS = {
  molecule_geometry: 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692',
  basis: 'cc-pvdz',
  frozen_orbitals: [0],
  active_orbitals: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  max_states: 1000,
  max_iter: 12,
  shots: 200,
  reference: 'always',
};

async function runWith(
  orbitals: string,
  options: { resume?: LoopCheckpoint; stopAfter?: number; sampling?: boolean } = {},
): Promise<{ result: EngineResult | null; lines: string[]; saved: LoopCheckpoint[] }> {
  const controller = new AbortController();
  const lines: string[] = [];
  const saved: LoopCheckpoint[] = [];
  try {
    const result = await runHiVqe(
      { ...HYPERPARAMETERS, orbitals },
      {
        onLog: (line) => lines.push(line),
        signal: controller.signal,
        // Off but where a test asks for the circuit: the runs then take a tenth of the time.
        sampling: options.sampling ?? false,
        checkpoint: {
          resume: options.resume,
          save: (checkpoint) => {
            saved.push(JSON.parse(JSON.stringify(checkpoint)) as LoopCheckpoint);
            if (checkpoint.iteration === options.stopAfter) controller.abort();
          },
        },
      },
    );
    return { result, lines, saved };
  } catch (error) {
    if (!isAbortError(error)) throw error;
    return { result: null, lines, saved };
  }
}

describe('orbitals natural', () => {
  it('runs the loop over the natural orbitals of a first run: a variational energy nearer CASCI', async () => {
    const canonical = await runWith('canonical', { sampling: true });
    const natural = await runWith('natural', { sampling: true });
    const first = natural.lines.find((line) => line.startsWith('natural orbitals: a first run'));
    expect(first).toMatch(/of 49 determinants/);
    expect(canonical.lines.some((line) => line.startsWith('natural orbitals'))).toBe(false);
    const eCasci = natural.result!.eCasci!;
    expect(eCasci).toBeCloseTo(canonical.result!.eCasci!, 10);
    expect(natural.result!.energy).toBeGreaterThan(eCasci - 1e-9);
    expect(natural.result!.energy).toBeLessThan(canonical.result!.energy);
    // Every checkpoint carries the orbitals; over canonical ones, none does.
    expect(natural.saved.every((c) => c.orbitals?.length === 121)).toBe(true);
    expect(canonical.saved.every((c) => c.orbitals === undefined)).toBe(true);
  });

  it('resumes from a checkpoint over the orbitals it saved, without the first run, ending as the whole run', async () => {
    const whole = await runWith('natural');
    const stopped = await runWith('natural', { stopAfter: 3 });
    expect(stopped.result).toBeNull();
    const resumed = await runWith('natural', { resume: stopped.saved.at(-1) });
    expect(resumed.lines.some((line) => line.startsWith('natural orbitals'))).toBe(false);
    expect(resumed.result!.energy).toBe(whole.result!.energy);
    expect(resumed.result!.history.map((p) => p.energy)).toEqual(whole.result!.history.map((p) => p.energy));
  });

  it('refuses a checkpoint saved over other orbitals, or with orbitals that are no rotation', async () => {
    const natural = (await runWith('natural', { stopAfter: 1 })).saved[0];
    const canonical = (await runWith('canonical', { stopAfter: 1 })).saved[0];
    const refusal = (orbitals: string, resume: LoopCheckpoint) =>
      runWith(orbitals, { resume }).then(
        () => null,
        (error: unknown) => error,
      );
    const cases: Array<[string, LoopCheckpoint, RegExp]> = [
      ['natural', canonical, /saved over the canonical orbitals, and this run asks for natural ones/],
      ['canonical', natural, /saved over natural orbitals, and this run asks for the canonical ones/],
      ['natural', { ...natural, orbitals: natural.orbitals!.map((x) => 2 * x) }, /malformed orbitals/],
      ['natural', { ...natural, orbitals: natural.orbitals!.slice(1) }, /malformed orbitals/],
    ];
    for (const [orbitals, resume, message] of cases) {
      const error = await refusal(orbitals, resume);
      expect(error).toBeInstanceOf(EngineInputError);
      expect((error as Error).message).toMatch(message);
    }
  });
});
