/** The workload estimate behind the instance recommendation (jobs.md 4, 9; cloud path only). */

export const BASIS_WEIGHTS: Readonly<Record<string, number>> = {
  sto3g: 1,
  '631g': 2,
  '631gd': 3,
  '631gdp': 4,
  ccpvdz: 5,
  augccpvdz: 6,
  ccpvtz: 7,
  augccpvtz: 8,
  ccpvqz: 9,
};
export const ANSATZ_WEIGHTS: Readonly<Record<string, number>> = {
  hardware_efficient: 1,
  epa: 2,
  uccsd: 4,
  uccsdt: 6,
  adapt: 8,
};
export const ENTANGLEMENT_WEIGHTS: Readonly<Record<string, number>> = {
  none: 1,
  linear: 2,
  circular: 3,
  full: 5,
};

export interface ComplexityInput {
  basis: string;
  ansatz: string;
  ansatz_entanglement: string;
  active_orbitals: readonly number[];
  frozen_orbitals: readonly number[];
}

/** Values the tables do not name (the wizard's spellings among them) weigh 1, as the spec says. */
const weightOf = (weights: Readonly<Record<string, number>>, value: string) =>
  Object.hasOwn(weights, value) ? weights[value] : 1;

/** basis × ansatz × entanglement × max(active − frozen, 1)^4, over the counts of orbitals. */
export function jobComplexity(input: ComplexityInput): number {
  const orbitals = Math.max(input.active_orbitals.length - input.frozen_orbitals.length, 1);
  return (
    weightOf(BASIS_WEIGHTS, input.basis) *
    weightOf(ANSATZ_WEIGHTS, input.ansatz) *
    weightOf(ENTANGLEMENT_WEIGHTS, input.ansatz_entanglement) *
    orbitals ** 4
  );
}
