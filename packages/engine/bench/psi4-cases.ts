/** The cases of `npm run bench`: issue 13's comparison with Psi4, and how each is put to Psi4. */

export interface BenchCase {
  label: string;
  geometry: string;
  basis: string;
  /** MO indices, as the engine takes them; both empty for RHF alone. */
  frozen: number[];
  active: number[];
  /** Psi4's frozen_docc and active arrays with point-group symmetry on (D2h irreps), where measured. */
  d2h?: { frozen: string; active: string };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const N2 = 'N 0 0 0;N 0 0 1.0';
const H2O = 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692';
const BENZENE =
  'C 0 1.396 0;C 1.209 0.698 0;C 1.209 -0.698 0;C 0 -1.396 0;C -1.209 -0.698 0;C -1.209 0.698 0;' +
  'H 0 2.479 0;H 2.147 1.24 0;H 2.147 -1.24 0;H 0 -2.479 0;H -2.147 -1.24 0;H -2.147 1.24 0';

/*
 * D2h irreps in Psi4's order: Ag B1g B2g B3g Au B1u B2u B3u. N2's MOs by energy: 1ag 1b1u 2ag 2b1u
 * 1b2u 1b3u 3ag 1b3g 1b2g 3b1u 4ag 2b2u 2b3u …, so MO 0 is 1ag and MOs 1..12 run to 2b3u.
 */
export const BENCH_CASES: BenchCase[] = [
  { label: 'N2 cc-pVDZ CAS(10o,10e)', geometry: N2, basis: 'cc-pvdz', frozen: [0, 1], active: range(2, 11) },
  {
    label: 'N2 cc-pVDZ CAS(12o,12e)',
    geometry: N2,
    basis: 'cc-pvdz',
    frozen: [0],
    active: range(1, 12),
    d2h: { frozen: '[1,0,0,0,0,0,0,0]', active: '[3,0,1,1,0,3,2,2]' },
  },
  { label: 'H2O cc-pVDZ CAS(12o,8e)', geometry: H2O, basis: 'cc-pvdz', frozen: [0], active: range(1, 12) },
  // Issue 29 §3: 11,778,624 determinants, the largest space the CASCI limit takes.
  {
    label: 'N2 1.1 Å cc-pVDZ CAS(14o,14e)',
    geometry: 'N 0 0 0;N 0 0 1.1',
    basis: 'cc-pvdz',
    frozen: [],
    active: range(0, 13),
    // MOs 0..13 per D2h irrep (a Psi4 SCF with symmetry; MO 13 ends a level, the next is a degenerate pair).
    d2h: { frozen: '[0,0,0,0,0,0,0,0]', active: '[5,0,1,1,0,3,2,2]' },
  },
  { label: 'C6H6 cc-pVDZ RHF', geometry: BENZENE, basis: 'cc-pvdz', frozen: [], active: [] },
  { label: 'C6H6 aug-cc-pVDZ RHF', geometry: BENZENE, basis: 'aug-cc-pvdz', frozen: [], active: [] },
];

/**
 * Whether the bench also runs Psi4 with its point-group symmetry (D2h and subgroups) on: every RHF case, and
 * the CASCI cases whose active space is given per irrep. The engine uses reflection symmetry in its integrals,
 * so this is the like-for-like comparison on those rows.
 */
export function psi4SymmetryMeasured(bench: BenchCase): boolean {
  return bench.active.length === 0 || bench.d2h !== undefined;
}

/**
 * The same job as a Psi4 input: spherical functions, PK integrals and the engine's convergence
 * criteria; CASCI through detci. `symmetry` false pins the point group to C1.
 */
export function psi4Input(bench: BenchCase, symmetry: boolean): string {
  const atoms = bench.geometry.split(';').join('\n');
  const molecule = `molecule {\n0 1\n${atoms}\nunits angstrom\n${symmetry ? '' : 'symmetry c1\n'}}\n`;
  const common =
    'set basis ' +
    bench.basis +
    '\nset puream true\nset scf_type pk\nset e_convergence 1e-10\nset d_convergence 1e-8\n';
  if (bench.active.length === 0) return `memory 2 gb\n${molecule}${common}energy('scf')\n`;
  const spaces =
    symmetry && bench.d2h !== undefined
      ? bench.d2h
      : { frozen: `[${bench.frozen.length}]`, active: `[${bench.active.length}]` };
  return (
    `memory 2 gb\n${molecule}${common}set r_convergence 1e-5\n` +
    `set frozen_docc ${spaces.frozen}\nset active ${spaces.active}\nenergy('detci')\n`
  );
}
