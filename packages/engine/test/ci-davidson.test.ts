import { describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci } from '../src/ci/casci.ts';
import { davidsonLowest, type SymmetricOperator } from '../src/ci/davidson.ts';
import { ProductSpaceHamiltonian } from '../src/ci/product-space.ts';
import { enumerateStrings, StringSet } from '../src/ci/strings.ts';
import { eigh } from '../src/linalg/eigh.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';
import { denseHamiltonian } from './support/fock-space.ts';
import { randomHamiltonian } from './support/synthetic.ts';

const tight = {
  energyTolerance: 1e-12,
  residualTolerance: 1e-8,
  maxIterations: 500,
  cancel: new CancelPoint(),
};

/** A dense symmetric matrix as an operator. */
function denseOperator(matrix: Float64Array, n: number): SymmetricOperator {
  return {
    size: n,
    diagonal: Float64Array.from({ length: n }, (_, i) => matrix[i * n + i]),
    restrict: () => {},
    apply: async (x, out) => {
      for (let i = 0; i < n; i++) {
        let sum = 0;
        for (let j = 0; j < n; j++) sum += matrix[i * n + j] * x[j];
        out[i] = sum;
      }
    },
  };
}

function fullSpaceDeterminants(ham: ActiveSpaceHamiltonian): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const a of enumerateStrings(ham.norb, ham.nalpha))
    for (const b of enumerateStrings(ham.norb, ham.nbeta)) out.push([a, b]);
  return out;
}

/** Hubbard model on a ring: hopping −t between neighbours, on-site repulsion U as (pp|pp). */
function hubbardRing(sites: number, t: number, u: number, electrons: number): ActiveSpaceHamiltonian {
  const h1 = new Float64Array(sites * sites);
  const bonds = sites === 2 ? 1 : sites;
  for (let p = 0; p < bonds; p++) {
    const q = (p + 1) % sites;
    h1[p * sites + q] -= t;
    h1[q * sites + p] -= t;
  }
  const eri = new Float64Array(sites ** 4);
  for (let p = 0; p < sites; p++) eri[((p * sites + p) * sites + p) * sites + p] = u;
  return { norb: sites, nalpha: electrons / 2, nbeta: electrons / 2, ecore: 0, h1, eri };
}

describe('Davidson', () => {
  it('finds the lowest eigenvalue of a dense symmetric matrix', async () => {
    const n = 60;
    const matrix = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      matrix[i * n + i] = i * 0.5 - 3;
      for (let j = 0; j < i; j++) {
        const v = Math.sin(i * 7 + j * 3) * 0.3;
        matrix[i * n + j] = v;
        matrix[j * n + i] = v;
      }
    }
    const result = await davidsonLowest(denseOperator(matrix, n), tight);
    expect(result.energy).toBeCloseTo(eigh(matrix, n).values[0], 10);
  });

  it('stops with the exact answer when the space is smaller than its search space', async () => {
    const matrix = Float64Array.from([2, 1, 0, 1, 3, 1, 0, 1, 4]);
    const result = await davidsonLowest(denseOperator(matrix, 3), tight);
    expect(result.energy).toBeCloseTo(eigh(matrix, 3).values[0], 12);
    expect(result.iterations).toBeLessThanOrEqual(3);
  });
});

describe('CASCI', () => {
  it('equals dense diagonalisation of the full determinant space (open and closed shell)', async () => {
    for (const ham of [
      randomHamiltonian(6, 3, 3, 21),
      randomHamiltonian(6, 3, 2, 22),
      randomHamiltonian(5, 2, 2, 23),
    ]) {
      const determinants = fullSpaceDeterminants(ham);
      const dense = eigh(denseHamiltonian(ham, determinants), determinants.length).values[0];
      const result = await casci(ham, new CancelPoint());
      expect(result.determinants).toBe(determinants.length);
      expect(result.energy).toBeCloseTo(dense + ham.ecore, 9);
    }
  });

  it('reproduces the two-site Hubbard ground state, U/2 − √((U/2)² + 4t²)', async () => {
    const [t, u] = [1, 4];
    const result = await casci(hubbardRing(2, t, u, 2), new CancelPoint());
    expect(result.energy).toBeCloseTo(u / 2 - Math.sqrt((u / 2) ** 2 + 4 * t * t), 10);
  });

  it('reproduces the non-interacting and half-filled Hubbard rings', async () => {
    // U = 0: fill the lowest ring orbitals, energies −2t·cos(2πk/N).
    const free = await casci(hubbardRing(6, 1, 0, 6), new CancelPoint());
    expect(free.energy).toBeCloseTo(-8, 10);
    // Six sites, U = 4t, half filling: exact energy from dense diagonalisation of the same model.
    const ham = hubbardRing(6, 1, 4, 6);
    const determinants = fullSpaceDeterminants(ham);
    const dense = eigh(denseHamiltonian(ham, determinants), determinants.length).values[0];
    expect((await casci(ham, new CancelPoint())).energy).toBeCloseTo(dense, 9);
  });

  it('takes the lowest state with a spin-symmetric subspace operator too', async () => {
    const ham = randomHamiltonian(6, 3, 3, 24);
    const strings = new StringSet(enumerateStrings(6, 3));
    const symmetric = await davidsonLowest(new ProductSpaceHamiltonian(ham, strings, strings), tight);
    const general = await davidsonLowest(
      new ProductSpaceHamiltonian(ham, strings, new StringSet(enumerateStrings(6, 3))),
      tight,
    );
    expect(symmetric.energy).toBeCloseTo(general.energy, 10);
  });
});
