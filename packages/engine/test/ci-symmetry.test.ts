import { afterEach, describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { BlockOperator } from '../src/ci/block-operator.ts';
import { casci } from '../src/ci/casci.ts';
import { davidsonLowest } from '../src/ci/davidson.ts';
import { orbitalIrreps, SYMMETRY_NOISE } from '../src/ci/orbital-irreps.ts';
import { ProductSpaceHamiltonian } from '../src/ci/product-space.ts';
import { withSigmaVectors } from '../src/ci/sigma-memory.ts';
import { configureSigmaThreads } from '../src/ci/sigma-team.ts';
import { enumerateStrings, StringSet, stringIrrep } from '../src/ci/strings.ts';
import { eigh } from '../src/linalg/eigh.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';
import { denseHamiltonian } from './support/fock-space.ts';
import { diagonalise, placedOn } from '../src/hivqe/subspace.ts';
import { n2CasTwelve, n2Hamiltonian } from './support/n2-sto3g.ts';
import { randomHamiltonian } from './support/synthetic.ts';

/**
 * A random Hamiltonian obeying a planted Abelian symmetry: every integral whose orbitals' labels do not
 * XOR to zero is replaced by rounding-sized noise, as the SCF and the transformation leave them.
 */
function symmetricHamiltonian(labels: number[], nalpha: number, nbeta: number, seed: number) {
  const n = labels.length;
  const ham = randomHamiltonian(n, nalpha, nbeta, seed);
  const noise = (i: number) => 1e-12 * Math.sin(1 + i);
  for (let p = 0; p < n; p++) {
    for (let q = 0; q < n; q++) {
      if (labels[p] !== labels[q]) ham.h1[p * n + q] = noise(Math.min(p * n + q, q * n + p));
    }
  }
  const index = (p: number, q: number, r: number, s: number) => ((p * n + q) * n + r) * n + s;
  for (let p = 0; p < n; p++)
    for (let q = 0; q < n; q++)
      for (let r = 0; r < n; r++)
        for (let s = 0; s < n; s++) {
          if ((labels[p] ^ labels[q] ^ labels[r] ^ labels[s]) === 0) continue;
          // The same noise for all eight permutations, so that the integrals keep their symmetry.
          const [pq, rs] = [Math.min(p * n + q, q * n + p), Math.min(r * n + s, s * n + r)];
          ham.eri[index(p, q, r, s)] = noise(Math.min(pq, rs) * n * n + Math.max(pq, rs));
        }
  return ham;
}

/** Orbitals grouped by label: the partition a grading induces, comparable whatever the labels' names. */
function classes(labels: ArrayLike<number>): string {
  const groups = new Map<number, number[]>();
  Array.from(labels).forEach((label, p) => groups.set(label, [...(groups.get(label) ?? []), p]));
  return [...groups.values()]
    .map((group) => group.join(','))
    .sort()
    .join(' | ');
}

function randomVector(size: number, seed: number): Float64Array {
  let state = seed;
  return Float64Array.from({ length: size }, () => (state = (state * 16807) % 2147483647) / 2147483647 - 0.5);
}

/** H·x over a symmetry block against the same product over the whole space (no irreps), x in the block. */
async function blockAgainstWhole(ham: ActiveSpaceHamiltonian, threads: number) {
  configureSigmaThreads(threads, 0);
  const irreps = orbitalIrreps(ham);
  if (irreps === null) throw new Error('no symmetry found');
  const blockedSet = (nelec: number) => new StringSet(enumerateStrings(ham.norb, nelec), irreps);
  const alpha = blockedSet(ham.nalpha);
  const beta = ham.nbeta === ham.nalpha ? alpha : blockedSet(ham.nbeta);
  const blocked = new ProductSpaceHamiltonian(ham, alpha, beta);
  const positions = blocked.blockDeterminants();
  if (positions === null) throw new Error('no symmetry block');
  const whole = new ProductSpaceHamiltonian(
    ham,
    new StringSet(alpha.strings),
    ham.nbeta === ham.nalpha ? new StringSet(alpha.strings) : new StringSet(beta.strings),
  );
  // The whole operator's strings are in ascending order: map the block's positions onto them.
  const wholePosition = (k: number) => {
    const [a, b] = [Math.floor(k / beta.size), k % beta.size];
    return whole.alpha.indexOf(alpha.strings[a]) * beta.size + whole.beta.indexOf(beta.strings[b]);
  };
  const x = new Float64Array(blocked.size);
  const values = randomVector(positions.length, 11);
  positions.forEach((k, i) => (x[k] = values[i]));
  blocked.restrict(x);
  const xWhole = new Float64Array(whole.size);
  x.forEach((value, k) => (xWhole[wholePosition(k)] = value));
  const [out, outWhole] = [new Float64Array(blocked.size).fill(Number.NaN), new Float64Array(whole.size)];
  await blocked.apply(x, out, new CancelPoint());
  await whole.apply(xWhole, outWhole, new CancelPoint());
  const inBlock = new Uint8Array(blocked.size);
  for (const k of positions) inBlock[k] = 1;
  let [difference, outside, largest] = [0, 0, 0];
  out.forEach((value, k) => {
    if (inBlock[k]) {
      difference = Math.max(difference, Math.abs(value - outWhole[wholePosition(k)]));
      largest = Math.max(largest, Math.abs(value));
    } else outside = Math.max(outside, Math.abs(value));
  });
  return { difference, outside, largest, block: positions.length, size: blocked.size };
}

describe('symmetry-blocked CI', () => {
  afterEach(() => configureSigmaThreads());

  it('reads a planted symmetry from the integrals alone, however its labels are named', () => {
    const labels = [0, 1, 2, 3, 0, 1, 2, 3];
    const irreps = orbitalIrreps(symmetricHamiltonian(labels, 4, 4, 31));
    expect(irreps).not.toBeNull();
    expect(classes(irreps ?? [])).toBe(classes(labels));
    // Products follow (labels are fixed up to which irrep is called totally symmetric, so products of an
    // even number of orbitals): 0·1·2·3 is totally symmetric (0 ^ 1 ^ 2 ^ 3 = 0), 0·1 is not.
    const label = (p: number) => irreps?.[p] ?? Number.NaN;
    expect(label(0) ^ label(1) ^ label(2) ^ label(3)).toBe(0);
    expect(label(0) ^ label(1)).not.toBe(0);
    // Without a planted symmetry there is none.
    expect(orbitalIrreps(randomHamiltonian(8, 4, 4, 31))).toBeNull();
  });

  it("finds D2h in N2's integrals, which the SCF only separates into C2v, and nothing it forbids above the noise", () => {
    const ham = n2CasTwelve();
    const irreps = orbitalIrreps(ham);
    expect(irreps).not.toBeNull();
    const labels = irreps ?? new Int32Array();
    // Psi4 puts these 12 orbitals in D2h's irreps as 3, 0, 1, 1, 0, 3, 2, 2 (bench/psi4-cases.ts).
    const sizes = classes(labels)
      .split(' | ')
      .map((group) => group.split(',').length);
    expect(sizes.sort()).toEqual([1, 1, 2, 2, 3, 3]);
    const n = ham.norb;
    let [forbidden, allowed] = [0, Number.POSITIVE_INFINITY];
    for (let pqrs = 0; pqrs < n ** 4; pqrs++) {
      const [p, q, r, s] = [
        Math.floor(pqrs / n ** 3),
        Math.floor(pqrs / n ** 2) % n,
        Math.floor(pqrs / n) % n,
        pqrs % n,
      ];
      const value = Math.abs(ham.eri[pqrs]);
      if ((labels[p] ^ labels[q] ^ labels[r] ^ labels[s]) !== 0) forbidden = Math.max(forbidden, value);
      else if (value > 0) allowed = Math.min(allowed, value);
    }
    expect(forbidden).toBeLessThan(SYMMETRY_NOISE);
    expect(allowed).toBeGreaterThan(1e-6);
  });

  it('computes H·C on the block exactly as over the whole space, on one thread and on two', async () => {
    const closedShell = symmetricHamiltonian([0, 1, 2, 3, 0, 1, 2, 3], 4, 4, 32);
    const openShell = symmetricHamiltonian([0, 1, 2, 3, 0, 1, 2, 3], 5, 3, 33);
    for (const ham of [closedShell, openShell]) {
      for (const threads of [1, 2]) {
        const { difference, outside, largest, block, size } = await blockAgainstWhole(ham, threads);
        expect(block).toBeLessThan(size / 3);
        expect(largest).toBeGreaterThan(0.1);
        expect(difference).toBeLessThan(1e-10);
        expect(outside).toBe(0);
      }
    }
  });

  it("keeps Davidson's vectors on the block: the product and the even-spin projection of the operator, whatever the kernels' memory held", async () => {
    const ham = symmetricHamiltonian([0, 1, 2, 3, 0, 1, 2, 3], 4, 4, 34);
    const strings = new StringSet(enumerateStrings(ham.norb, 4), orbitalIrreps(ham));
    const op = new ProductSpaceHamiltonian(ham, strings, strings);
    const positions = op.blockDeterminants();
    if (positions === null) throw new Error('no symmetry block');
    const block = new BlockOperator(op, positions, op.blockTransposes());
    const x = randomVector(block.size, 12);
    block.restrict(x);
    const xWhole = block.toWhole(x);
    const projected = Float64Array.from(xWhole);
    op.restrict(projected);
    expect(Math.max(...xWhole.map((value, k) => Math.abs(value - projected[k])))).toBe(0);
    expect(Math.max(...x.map(Math.abs))).toBeGreaterThan(0.1);

    // A product that leaves NaN where the block's next one reads nothing of its own.
    await withSigmaVectors(op.size, 0, 1, async ({ c, out }) => {
      c.fill(Number.NaN);
      out.fill(Number.NaN);
    });
    const out = new Float64Array(block.size);
    await block.apply(x, out, new CancelPoint());
    const outWhole = new Float64Array(op.size);
    await op.apply(xWhole, outWhole, new CancelPoint());
    expect(out.every(Number.isFinite)).toBe(true);
    expect(Math.max(...out.map((value, k) => Math.abs(value - outWhole[positions[k]])))).toBeLessThan(1e-12);
  });

  it("finds the lowest state of the starting determinant's irrep, as the whole space and a dense matrix do", async () => {
    // Two unpaired electrons: the lowest determinant is not totally symmetric (an even electron count, so
    // this holds however the labels are named).
    const labels = [0, 1, 2, 3, 0, 1, 2, 3];
    const ham = symmetricHamiltonian(labels, 5, 3, 34);
    const result = await casci(ham, new CancelPoint());
    expect(result.determinants).toBe(56 * 56);
    expect(result.solved).toBeLessThan(result.determinants / 2);

    const alpha = new StringSet(enumerateStrings(8, 5));
    const beta = new StringSet(enumerateStrings(8, 3));
    const whole = new ProductSpaceHamiltonian(ham, alpha, beta);
    const wholeResult = await davidsonLowest(whole, {
      energyTolerance: 1e-12,
      residualTolerance: 1e-7,
      maxIterations: 300,
      cancel: new CancelPoint(),
    });
    expect(result.energy).toBeCloseTo(wholeResult.energy + ham.ecore, 9);

    const planted = Int32Array.from(labels);
    const irrepOf = (a: number, b: number) => stringIrrep(a, planted) ^ stringIrrep(b, planted);
    let lowest = 0;
    whole.diagonal.forEach((value, k) => (lowest = value < whole.diagonal[lowest] ? k : lowest));
    const start = irrepOf(alpha.strings[Math.floor(lowest / beta.size)], beta.strings[lowest % beta.size]);
    expect(start).not.toBe(0);
    const block: Array<[number, number]> = [];
    for (const a of alpha.strings)
      for (const b of beta.strings) if (irrepOf(a, b) === start) block.push([a, b]);
    expect(block.length).toBe(result.solved);
    const dense = eigh(denseHamiltonian(ham, block), block.length).values[0];
    expect(result.energy).toBeCloseTo(dense + ham.ecore, 9);
  });

  it("diagonalises a HI-VQE subspace over its state's irrep, as over all its determinants", async () => {
    const ham = n2Hamiltonian('6-31g', 1.6, 11);
    const strings = Array.from(enumerateStrings(ham.norb, ham.nalpha)).filter((_, i) => i % 3 === 0);
    const first = await diagonalise(ham, strings.slice(0, 40), null, new CancelPoint());
    const grown = await diagonalise(ham, strings, first, new CancelPoint());
    const set = new StringSet(strings);
    const whole = await davidsonLowest(new ProductSpaceHamiltonian(ham, set, set), {
      energyTolerance: 1e-10,
      residualTolerance: 1e-6,
      maxIterations: 300,
      cancel: new CancelPoint(),
    });
    expect(grown.energy).toBeCloseTo(whole.energy + ham.ecore, 8);
    // The state, reordered onto ascending strings, is the whole space's (up to its sign), zero off its irrep.
    const state = placedOn(grown, set);
    const overlap = state.reduce((sum, value, k) => sum + value * whole.vector[k], 0);
    expect(Math.abs(overlap)).toBeCloseTo(1, 8);
    const irreps = orbitalIrreps(ham) ?? new Int32Array();
    const n = set.size;
    const offIrrep = state.filter((value, k) => {
      const [a, b] = [set.strings[Math.floor(k / n)], set.strings[k % n]];
      return (stringIrrep(a, irreps) ^ stringIrrep(b, irreps)) !== 0 && value !== 0;
    });
    expect(offIrrep).toHaveLength(0);
  });

  it('gives the CASCI energy of N2 over an eighth of its determinants', async () => {
    const ham = n2Hamiltonian('cc-pvdz', 1.1, 11);
    const result = await casci(ham, new CancelPoint());
    // Session 20's reference for this case, DMRG and the engine's CASCI over the whole space (docs/engine.md).
    expect(result.energy).toBeCloseTo(-109.048231635, 9);
    expect(result.determinants).toBe(63_504);
    expect(result.solved).toBeLessThan(63_504 / 7);
  });
});
