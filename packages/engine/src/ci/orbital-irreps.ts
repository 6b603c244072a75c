import type { ActiveSpaceHamiltonian } from '../types.ts';

/**
 * Integrals below this count as zero by symmetry. Those that symmetry makes zero come out of the SCF and
 * the transformation as rounding noise: up to 1e-11 on N2 cc-pVDZ, whose MOs mix g and u at rounding
 * level (the SCF separates only what reflections through both atoms separate), while the smallest real
 * integrals there are 1e-4. Dropping integrals that couple different irreps moves the energy of a state
 * of one irrep only at second order (their first-order term vanishes), so even a false zero of this size
 * would move it by ~1e-18 Ha.
 */
export const SYMMETRY_NOISE = 1e-9;

/**
 * The active orbitals' irreducible representations under the largest Abelian symmetry the integrals
 * themselves obey (D2h and its subgroups, where every character is ±1), read from which integrals vanish:
 * each orbital gets a label of d bits, the representation of a product is the XOR of its factors' labels,
 * and every h_pq and (pq|rs) whose labels do not XOR to zero is below SYMMETRY_NOISE. null when the integrals obey no such symmetry.
 *
 * Why from the integrals rather than the SCF's symmetry classes: the SCF only separates what reflections
 * that fix every atom separate (N2's C2v, not its D2h: the reflection swapping the two atoms is left out),
 * and rotated orbitals (natural orbitals, any Hamiltonian built elsewhere) carry no labels at all. A label
 * bit is a function f from orbitals to {0, 1} with f(p)+f(q) = 0 for every h_pq and f(p)+f(q)+f(r)+f(s) = 0
 * for every (pq|rs) not below SYMMETRY_NOISE, modulo 2: the null space of those constraints
 * over GF(2). The all-ones function always solves them (every constraint has an even number of terms) and
 * says nothing at a fixed electron count, so it is left out.
 */
export function orbitalIrreps(ham: ActiveSpaceHamiltonian): Int32Array | null {
  // Asked for by every diagonalisation of a run over the same Hamiltonian: read its integrals once.
  let irreps = readIrreps.get(ham);
  if (irreps === undefined) readIrreps.set(ham, (irreps = irrepsFromIntegrals(ham)));
  return irreps;
}

const readIrreps = new WeakMap<ActiveSpaceHamiltonian, Int32Array | null>();

function irrepsFromIntegrals(ham: ActiveSpaceHamiltonian): Int32Array | null {
  const n = ham.norb;
  const constraints = new EchelonBasis();
  for (let p = 0; p < n; p++) {
    for (let q = 0; q < p; q++) {
      if (Math.abs(ham.h1[p * n + q]) >= SYMMETRY_NOISE) constraints.add((1 << p) ^ (1 << q));
    }
  }
  for (let pq = 0; pq < n * n; pq++) {
    const pair = (1 << Math.floor(pq / n)) ^ (1 << (pq % n));
    for (let rs = 0; rs <= pq; rs++) {
      if (Math.abs(ham.eri[pq * n * n + rs]) < SYMMETRY_NOISE) continue;
      constraints.add(pair ^ (1 << Math.floor(rs / n)) ^ (1 << (rs % n)));
    }
  }
  const labelBits = new EchelonBasis();
  labelBits.add(n === 0 ? 0 : (2 ** n - 1) | 0);
  const bits = constraints.nullSpace(n).filter((f) => labelBits.add(f));
  if (bits.length === 0) return null;
  return Int32Array.from({ length: n }, (_, p) =>
    bits.reduce((label, f, bit) => label | (((f >>> p) & 1) << bit), 0),
  );
}

/** Vectors over GF(2) as bit masks, kept in reduced echelon form (one pivot bit each). */
class EchelonBasis {
  private readonly rows: number[] = [];

  /** Adds v; false when it was already in the span. */
  add(v: number): boolean {
    for (const row of this.rows) if (v & lowestBit(row)) v ^= row;
    if (v === 0) return false;
    const pivot = lowestBit(v);
    for (let i = 0; i < this.rows.length; i++) if (this.rows[i] & pivot) this.rows[i] ^= v;
    this.rows.push(v);
    return true;
  }

  /** A basis of the masks over n bits orthogonal (mod 2) to every row: one per non-pivot bit. */
  nullSpace(n: number): number[] {
    const pivots = this.rows.reduce((mask, row) => mask | lowestBit(row), 0);
    const basis: number[] = [];
    for (let free = 0; free < n; free++) {
      if (pivots & (1 << free)) continue;
      // Each row reads pivot + (its free bits); setting `free` forces the pivots of the rows holding it.
      let f = 1 << free;
      for (const row of this.rows) if (row & (1 << free)) f |= lowestBit(row);
      basis.push(f);
    }
    return basis;
  }
}

function lowestBit(v: number): number {
  return v & -v;
}
