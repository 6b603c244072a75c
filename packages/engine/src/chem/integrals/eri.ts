import { pairIndex } from '../../linalg/packed.ts';
import type { BasisSet } from '../basis/shells.ts';
import { QuartetKernel, quartetCost } from './eri-quartet.ts';
import { PackedIntegrals } from './packed-integrals.ts';
import { basisReflections, type BasisReflection } from './reflections.ts';
import { buildShellPair, primitiveSubset, type ShellPair } from './shell-pairs.ts';

/** Quartets whose Cauchy–Schwarz bound √((ab|ab)(cd|cd)) is below this are skipped (left zero). */
export const SCHWARZ_THRESHOLD = 1e-14;
/** Bound on what the primitive pairs dropped from one shell pair may add to any integral. */
export const PRIMITIVE_THRESHOLD = 1e-14;

/**
 * All two-electron integrals (ij|kl) over spherical functions, each permutation-unique one once, stored
 * by symmetry block (PackedIntegrals: those that vanish by a reflection fixing every atom are not
 * stored). When reflections through coordinate planes carry the molecule onto itself
 * (basisReflections), only one shell quartet of each orbit is computed and its images are written from
 * it with their signs: up to 8 times less work with D2h symmetry in this orientation, 4 for a planar
 * molecule such as benzene (the reflection through its own plane maps every atom to itself) or for N2
 * along z but not centred.
 */
export function electronRepulsionIntegrals(basis: BasisSet, signal?: AbortSignal): PackedIntegrals {
  const { shells, nbf } = basis;
  const kernel = new QuartetKernel();
  const allPairs: ShellPair[] = [];
  for (let a = 0; a < shells.length; a++)
    for (let b = 0; b <= a; b++) allPairs.push(buildShellPair(shells[a], shells[b]));
  const pairs = screenPrimitives(allPairs, kernel);
  const bounds = pairs.map((pair) => Math.sqrt(largestDiagonal(kernel, pair)));
  const reflections = basisReflections(basis);
  const eri = new PackedIntegrals(nbf, reflections);
  for (let i = 0; i < pairs.length; i++) {
    signal?.throwIfAborted();
    const first = pairs[i];
    for (let j = 0; j <= i; j++) {
      if (bounds[i] * bounds[j] < SCHWARZ_THRESHOLD) continue;
      const quartet = pairIndex(i, j);
      // Only the first quartet of its orbit is computed; the others are written from it.
      if (reflections.some(({ shellPairs }) => pairIndex(shellPairs[i], shellPairs[j]) < quartet)) continue;
      const second = pairs[j];
      const swap = quartetCost(second, first) < quartetCost(first, second);
      const bra = swap ? second : first;
      const ket = swap ? first : second;
      kernel.compute(bra, ket);
      store(eri, kernel.out, bra, ket);
      for (const reflection of reflections) storeImage(eri, kernel.out, bra, ket, reflection);
    }
  }
  return eri;
}

/**
 * Drops primitive pairs that cannot matter, such as tight primitives on different atoms. By the
 * Schwarz inequality for primitive charge distributions, primitive pair k adds at most
 * √(k|k) · Σ_l √(l|l) to an integral, the sum running over the other side's primitive pairs; the
 * largest such sum over all shell pairs bounds every case. Each shell pair drops its weakest primitive
 * pairs while their bounds add up to less than PRIMITIVE_THRESHOLD.
 */
function screenPrimitives(pairs: ShellPair[], kernel: QuartetKernel): ShellPair[] {
  const strengths = pairs.map((pair) =>
    Array.from({ length: pair.primitives }, (_, k) =>
      Math.sqrt(largestDiagonal(kernel, primitiveSubset(pair, [k]))),
    ),
  );
  const largestSum = Math.max(...strengths.map((values) => values.reduce((sum, value) => sum + value, 0)));
  return pairs.map((pair, index) => {
    const order = strengths[index]
      .map((strength, k) => ({ strength, k }))
      .sort((a, b) => a.strength - b.strength);
    let dropped = 0;
    let budget = PRIMITIVE_THRESHOLD / largestSum;
    while (dropped < order.length - 1 && order[dropped].strength < budget)
      budget -= order[dropped++].strength;
    if (dropped === 0) return pair;
    const kept = order
      .slice(dropped)
      .map(({ k }) => k)
      .sort((a, b) => a - b);
    return primitiveSubset(pair, kept);
  });
}

function largestDiagonal(kernel: QuartetKernel, pair: ShellPair): number {
  kernel.compute(pair, pair);
  let max = 0;
  for (let ab = 0; ab < pair.nab; ab++) max = Math.max(max, Math.abs(kernel.out[ab * pair.nab + ab]));
  return max;
}

/** Writes a computed quartet's block where its image under `reflection` belongs, with the image's signs. */
function storeImage(
  eri: PackedIntegrals,
  block: Float64Array,
  bra: ShellPair,
  ket: ShellPair,
  { pairs, pairSigns }: BasisReflection,
): void {
  const ncd = ket.nab;
  for (let ab = 0; ab < bra.nab; ab++) {
    const ij = bra.pairIndices[ab];
    const image = pairs[ij];
    const sign = pairSigns[ij];
    for (let cd = 0; cd < ncd; cd++) {
      const kl = ket.pairIndices[cd];
      const at = eri.at(image, pairs[kl]);
      if (at >= 0) eri.values[at] = sign * pairSigns[kl] * block[ab * ncd + cd];
    }
  }
}

/** Writes a computed quartet's block; what vanishes by symmetry (PackedIntegrals) has no place. */
function store(eri: PackedIntegrals, block: Float64Array, bra: ShellPair, ket: ShellPair): void {
  const ncd = ket.nab;
  for (let ab = 0; ab < bra.nab; ab++) {
    const ij = bra.pairIndices[ab];
    for (let cd = 0; cd < ncd; cd++) {
      const at = eri.at(ij, ket.pairIndices[cd]);
      if (at >= 0) eri.values[at] = block[ab * ncd + cd];
    }
  }
}
