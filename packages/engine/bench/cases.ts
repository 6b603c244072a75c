/** Public molecules for the HI-VQE benches: shared/engine.md's cases and stretched geometries. */
import { buildHamiltonian } from '../src/chem/index.ts';
import type { CancelPoint } from '../src/ci/cancel.ts';
import { casci } from '../src/ci/casci.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';

export interface Case {
  geometry: string;
  basis: string;
  frozen: number[];
  active: number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const NH3 = 'N 0 0 0.1172;H 0 0.9377 -0.2735;H 0.8121 -0.4689 -0.2735;H -0.8121 -0.4689 -0.2735';
const H2O = 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692';
export const CASES: Record<string, Case> = {
  'H2 sto-3g': { geometry: 'H 0 0 0;H 0 0 0.74', basis: 'sto-3g', frozen: [], active: [0, 1] },
  'LiH sto-3g 1.6': { geometry: 'Li 0 0 0;H 0 0 1.6', basis: 'sto-3g', frozen: [], active: range(0, 5) },
  'NH3 sto-3g': { geometry: NH3, basis: 'sto-3g', frozen: [], active: range(0, 7) },
  'N2 6-31g 1.2': { geometry: 'N 0 0 0;N 0 0 1.2', basis: '6-31g', frozen: [0, 1], active: range(2, 11) },
  'LiH 6-31g': { geometry: 'Li 0 0 0;H 0 0 1.6', basis: '6-31g', frozen: [], active: range(0, 10) },
  'N2 sto-3g 1.0': { geometry: 'N 0 0 0;N 0 0 1.0', basis: 'sto-3g', frozen: [0, 1], active: range(2, 9) },
  'N2 sto-3g 1.6': { geometry: 'N 0 0 0;N 0 0 1.6', basis: 'sto-3g', frozen: [0, 1], active: range(2, 9) },
  'N2 6-31g 1.0': { geometry: 'N 0 0 0;N 0 0 1.0', basis: '6-31g', frozen: [0, 1], active: range(2, 11) },
  'N2 cc-pvdz 1.0': { geometry: 'N 0 0 0;N 0 0 1.0', basis: 'cc-pvdz', frozen: [0, 1], active: range(2, 11) },
  'H2O sto-3g': { geometry: H2O, basis: 'sto-3g', frozen: [0], active: range(1, 6) },
  'H2O 6-31g 1.5x': {
    geometry: 'O 0 0 0.1760;H 0 1.1358 -0.7038;H 0 -1.1358 -0.7038',
    basis: '6-31g',
    frozen: [0],
    active: range(1, 8),
  },
  'N2 6-31g 2.0': { geometry: 'N 0 0 0;N 0 0 2.0', basis: '6-31g', frozen: [0, 1], active: range(2, 11) },
  'H2O cc-pvdz': { geometry: H2O, basis: 'cc-pvdz', frozen: [0], active: range(1, 12) },
  'N2 cc-pvdz (12o,12e)': {
    geometry: 'N 0 0 0;N 0 0 1.0',
    basis: 'cc-pvdz',
    frozen: [0],
    active: range(1, 12),
  },
  'LiH sto-3g 3.0': { geometry: 'Li 0 0 0;H 0 0 3.0', basis: 'sto-3g', frozen: [], active: range(0, 5) },
  // Issue 29's targets beyond exact.
  'N2 cc-pvdz 1.1 (16o,10e)': {
    geometry: 'N 0 0 0;N 0 0 1.1',
    basis: 'cc-pvdz',
    frozen: [0, 1],
    active: range(2, 17),
  },
  'N2 cc-pvdz 1.1 (26o,10e)': {
    geometry: 'N 0 0 0;N 0 0 1.1',
    basis: 'cc-pvdz',
    frozen: [0, 1],
    active: range(2, 27),
  },
  'H2O cc-pvdz (23o,8e)': { geometry: H2O, basis: 'cc-pvdz', frozen: [0], active: range(1, 23) },
};

/** The active-space Hamiltonian of a named case; throws for an unknown name. */
export function caseHamiltonian(name: string): ActiveSpaceHamiltonian {
  const c = CASES[name];
  if (c === undefined)
    throw new Error(`unknown case ${JSON.stringify(name)}: one of ${Object.keys(CASES).join(', ')}`);
  const ham = buildHamiltonian({
    geometry: c.geometry,
    basis: c.basis,
    activeOrbitals: c.active,
    frozenOrbitals: c.frozen,
  }).hamiltonian;
  if (ham === null) throw new Error(`${name} has no active space`);
  return ham;
}

/**
 * A bench's command line `<case> <max_states> [reference]`: the case's Hamiltonian, max_states, and the energy
 * errors are measured against (CASCI's, or the reference in Ha where CASCI is out of reach).
 */
export async function caseAgainstReference(
  script: string,
  cancel: CancelPoint,
): Promise<{
  name: string;
  ham: ActiveSpaceHamiltonian;
  maxStates: string;
  exact: number;
  mha: (energy: number) => string;
}> {
  const [name, maxStates, referenceArg] = process.argv.slice(2);
  if (name === undefined || maxStates === undefined) {
    throw new Error(`usage: ${script} <case> <max_states> [reference]`);
  }
  const ham = caseHamiltonian(name);
  const exact = referenceArg === undefined ? (await casci(ham, cancel)).energy : Number(referenceArg);
  return { name, ham, maxStates, exact, mha: (energy) => ((energy - exact) * 1000).toFixed(4) };
}
