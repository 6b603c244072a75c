import type { Subspace } from './subspace.ts';

/** How many determinants a result lists: enough to read the state's character, few enough for a paper's table. */
export const LEADING_DETERMINANTS = 10;

/** One determinant of the ground state: its occupations per spin and its CI coefficient. */
export interface LeadingDeterminant {
  /** Active orbital p's occupation at position p ('1' occupied), lowest orbital first: '1100' for 2 of 4. */
  alpha: string;
  beta: string;
  /** CI coefficient (the vector is normalised; its overall sign is arbitrary). */
  coefficient: number;
  /** coefficient², the determinant's share of the state. */
  weight: number;
}

/** An occupation string as text, orbital 0 first, so it reads as the orbitals are numbered. */
export function occupationText(bits: number, norb: number): string {
  let text = '';
  for (let p = 0; p < norb; p++) text += (bits >>> p) & 1 ? '1' : '0';
  return text;
}

/**
 * The `count` determinants of largest weight in the subspace's ground state, heaviest first; ties keep the
 * subspace's order (alpha string, then beta), so a run lists the same determinants every time.
 */
export function leadingDeterminants(
  subspace: Subspace,
  norb: number,
  count = LEADING_DETERMINANTS,
): LeadingDeterminant[] {
  const n = subspace.strings.size;
  const order = Array.from({ length: n * n }, (_, k) => k).sort(
    (a, b) => subspace.vector[b] ** 2 - subspace.vector[a] ** 2 || a - b,
  );
  return order.slice(0, count).map((k) => {
    const coefficient = subspace.vector[k];
    return {
      alpha: occupationText(subspace.strings.strings[Math.floor(k / n)], norb),
      beta: occupationText(subspace.strings.strings[k % n], norb),
      coefficient,
      weight: coefficient ** 2,
    };
  });
}
