/**
 * Occupation strings: one spin's occupied orbitals as the bits of an integer (bit p set = orbital p
 * occupied). Strings are kept in ascending numeric order, which for a fixed electron count is the
 * colexicographic order of the occupied-orbital lists.
 */

/** JavaScript bitwise operators work on 31-bit positive integers; one more orbital would flip the sign. */
export const MAX_STRING_ORBITALS = 30;

export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const m = Math.min(k, n - k);
  let result = 1;
  for (let i = 1; i <= m; i++) result = (result * (n - m + i)) / i;
  return Math.round(result);
}

/** Every string of `nelec` electrons in `norb` orbitals, ascending. */
export function enumerateStrings(norb: number, nelec: number): Int32Array {
  const out = new Int32Array(binomial(norb, nelec));
  if (out.length === 0) return out;
  let x = nelec === 0 ? 0 : (1 << nelec) - 1;
  for (let i = 0; i < out.length; i++) {
    out[i] = x;
    if (x === 0) break;
    // Gosper's hack: the next larger integer with the same number of set bits.
    const lowest = x & -x;
    const ripple = x + lowest;
    x = (((ripple ^ x) >>> 2) / lowest) | 0 | ripple;
  }
  return out;
}

/** The representation of a string: the XOR of its occupied orbitals' labels (orbital-irreps.ts). */
export function stringIrrep(x: number, irreps: Int32Array): number {
  let label = 0;
  for (let p = 0; x >>> p !== 0; p++) if ((x >>> p) & 1) label ^= irreps[p];
  return label;
}

/** Occupied orbitals of a string, ascending. */
export function occupiedOrbitals(x: number, norb: number): number[] {
  const occ: number[] = [];
  for (let p = 0; p < norb; p++) if ((x >>> p) & 1) occ.push(p);
  return occ;
}

/**
 * Sign of a†_p a_q acting on string x (q occupied, p empty or p = q) in the Jordan–Wigner order of
 * the orbitals: −1 for each electron strictly between p and q.
 */
export function excitationSign(x: number, p: number, q: number): number {
  if (p === q) return 1;
  const lo = Math.min(p, q);
  const hi = Math.max(p, q);
  const between = x & (((1 << hi) - 1) ^ ((1 << (lo + 1)) - 1));
  return popcount(between) & 1 ? -1 : 1;
}

/**
 * A sorted set of strings with constant-time lookup of a string's position. Given the orbitals' irreps
 * (orbital-irreps.ts), the strings are sorted by irrep first, so that each irrep's strings are one
 * contiguous block, [blockStart[g], blockStart[g + 1]).
 */
export class StringSet {
  readonly strings: Int32Array;
  /** Per irrep label g, where its block starts (and, at g + 1, ends); null without irreps. */
  readonly blockStart: Int32Array | null;
  private readonly position = new Map<number, number>();

  constructor(
    strings: ArrayLike<number>,
    readonly orbitalIrreps: Int32Array | null = null,
  ) {
    this.strings = Int32Array.from(strings).sort();
    this.blockStart = orbitalIrreps === null ? null : this.sortByIrrep(orbitalIrreps);
    for (let i = 0; i < this.strings.length; i++) {
      if (i > 0 && this.strings[i] === this.strings[i - 1]) throw new Error('StringSet: duplicate string');
      this.position.set(this.strings[i], i);
    }
  }

  get size(): number {
    return this.strings.length;
  }

  /** Position of x, or −1 when x is not in the set. */
  indexOf(x: number): number {
    return this.position.get(x) ?? -1;
  }

  /** The irrep of the string at a position; null without irreps. */
  irrepOf(index: number): number | null {
    return this.orbitalIrreps === null ? null : stringIrrep(this.strings[index], this.orbitalIrreps);
  }

  /** Reorders the (ascending) strings by irrep, stably; returns the blocks' starts. */
  private sortByIrrep(irreps: Int32Array): Int32Array {
    const labels = 1 << irreps.reduce((bits, label) => Math.max(bits, 32 - Math.clz32(label)), 0);
    const irrepOf = Int32Array.from(this.strings, (x) => stringIrrep(x, irreps));
    const blockStart = new Int32Array(labels + 1);
    for (const g of irrepOf) blockStart[g + 1]++;
    for (let g = 0; g < labels; g++) blockStart[g + 1] += blockStart[g];
    const next = blockStart.slice(0, labels);
    const sorted = new Int32Array(this.strings.length);
    this.strings.forEach((x, i) => (sorted[next[irrepOf[i]]++] = x));
    this.strings.set(sorted);
    return blockStart;
  }
}

/** Every single excitation of string x: orbital i emptied, a filled, giving `to`. */
export function singleMoves(x: number, norb: number): Array<{ to: number; i: number; a: number }> {
  const moves: Array<{ to: number; i: number; a: number }> = [];
  for (let i = 0; i < norb; i++) {
    if (!((x >>> i) & 1)) continue;
    for (let a = 0; a < norb; a++) if (!((x >>> a) & 1)) moves.push({ to: (x & ~(1 << i)) | (1 << a), i, a });
  }
  return moves;
}

/** Every double excitation of string x: orbitals i < j emptied, a < b filled, giving `to`. */
export function doubleMoves(
  x: number,
  norb: number,
): Array<{ to: number; i: number; j: number; a: number; b: number }> {
  const occ = occupiedOrbitals(x, norb);
  const virt = Array.from({ length: norb }, (_, p) => p).filter((p) => !((x >>> p) & 1));
  const moves: Array<{ to: number; i: number; j: number; a: number; b: number }> = [];
  for (let ii = 0; ii < occ.length; ii++) {
    for (let jj = ii + 1; jj < occ.length; jj++) {
      for (let aa = 0; aa < virt.length; aa++) {
        for (let bb = aa + 1; bb < virt.length; bb++) {
          const [i, j, a, b] = [occ[ii], occ[jj], virt[aa], virt[bb]];
          moves.push({ to: (x & ~(1 << i) & ~(1 << j)) | (1 << a) | (1 << b), i, j, a, b });
        }
      }
    }
  }
  return moves;
}
