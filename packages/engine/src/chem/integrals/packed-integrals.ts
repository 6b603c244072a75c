import { pairCount, pairIndex } from '../../linalg/packed.ts';
import type { BasisReflection } from './reflections.ts';

/**
 * The permutation-unique two-electron integrals (ij|kl) of nbf functions (or, in place, the SCF
 * supermatrix built from them: scf/supermatrix.ts), stored by symmetry block.
 *
 * A reflection that maps every atom onto itself (the plane of a planar molecule, any plane through a
 * linear one's axis) maps every basis function onto ± itself, so a function pair ij is even or odd under
 * it (s_i·s_j), and (ij|kl) vanishes unless ij and kl agree. Function pairs fall into classes by their
 * parities under all such reflections; only pairs of one class meet, each class's pairs are stored as one
 * packed triangle, and what lies between classes is never stored. For benzene in aug-cc-pVDZ this is 52%
 * of the full packing (docs/engine.md, step 2); with no such reflection there is one class and the storage
 * is the plain packing eri[pairIndex(ij, kl)].
 */
export class PackedIntegrals {
  /** Function pairs, pairCount(nbf). */
  readonly pairs: number;
  /** For each function pair: its class. */
  readonly classOf: Uint8Array;
  /** For each function pair: its place among its class's pairs. */
  readonly position: Int32Array;
  /** For each class: its function pairs, in order. */
  readonly members: Int32Array[];
  /** For each class: where its packed triangle starts in `values`. */
  readonly base: number[];
  readonly values: Float64Array;

  constructor(
    readonly nbf: number,
    reflections: readonly BasisReflection[],
  ) {
    this.pairs = pairCount(nbf);
    const fixing = reflections.filter(({ pairs }) => pairs.every((image, ij) => image === ij));
    const signature = (ij: number) =>
      fixing.reduce((bits, { pairSigns }, r) => bits | (pairSigns[ij] < 0 ? 1 << r : 0), 0);
    const classBySignature = new Map<number, number>();
    const lists: number[][] = [];
    this.classOf = new Uint8Array(this.pairs);
    this.position = new Int32Array(this.pairs);
    for (let ij = 0; ij < this.pairs; ij++) {
      const key = signature(ij);
      let c = classBySignature.get(key);
      if (c === undefined) {
        c = lists.length;
        classBySignature.set(key, c);
        lists.push([]);
      }
      this.classOf[ij] = c;
      this.position[ij] = lists[c].length;
      lists[c].push(ij);
    }
    this.members = lists.map((list) => Int32Array.from(list));
    this.base = [];
    let size = 0;
    for (const list of this.members) {
      this.base.push(size);
      size += pairCount(list.length);
    }
    this.values = new Float64Array(size);
  }

  /** For each basis function: its class, the parities under those reflections (pair (i, 0)'s class). */
  functionClasses(): Uint8Array {
    return Uint8Array.from({ length: this.nbf }, (_, i) => this.classOf[pairIndex(i, 0)]);
  }

  /** Where (ij|kl) is stored, for packed function pairs ij and kl; −1 if it vanishes by symmetry. */
  at(ij: number, kl: number): number {
    const c = this.classOf[ij];
    return c === this.classOf[kl] ? this.base[c] + pairIndex(this.position[ij], this.position[kl]) : -1;
  }

  /** (ij|kl) for packed function pairs ij and kl (or the supermatrix's element there). */
  get(ij: number, kl: number): number {
    const at = this.at(ij, kl);
    return at < 0 ? 0 : this.values[at];
  }
}
