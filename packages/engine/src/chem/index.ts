import type { ActiveSpaceHamiltonian } from '../types.ts';
import { buildActiveSpaceHamiltonian } from './active-space.ts';
import { normaliseBasisName } from './basis/catalog.ts';
import { buildBasisSet } from './basis/shells.ts';
import { electronRepulsionIntegrals } from './integrals/eri.ts';
import { oneElectronIntegrals } from './integrals/one-electron.ts';
import { checkProblemSize } from './limits.ts';
import { nuclearRepulsion, parseMolecule } from './molecule.ts';
import { checkOrbitalSpaces } from './orbital-spaces.ts';
import { runRhf } from './scf/rhf.ts';
import { superposedAtomicDensity } from './scf/sad.ts';
import { integralsToSupermatrix } from './scf/supermatrix.ts';

export { SUPPORTED_BASES, normaliseBasisName } from './basis/catalog.ts';
export { SUPPORTED_ELEMENTS } from './elements.ts';
export { EngineInputError } from './errors.ts';

export interface ChemInput {
  /** 'El x y z;El x y z' in ångström. */
  geometry: string;
  /** Any accepted spelling ('631gd', '6-31g*', …). */
  basis: string;
  /** Net charge (closed-shell singlets only); absent means neutral. */
  charge?: number;
  /** MO indices (energy order); empty together with frozenOrbitals for RHF only. */
  activeOrbitals: number[];
  /** MO indices of doubly occupied orbitals folded into the core. */
  frozenOrbitals: number[];
}

export interface ChemResult {
  eNuc: number;
  eRhf: number;
  nbf: number;
  nocc: number;
  moEnergies: Float64Array;
  /**
   * null when activeOrbitals is empty (RHF only). Its orbitals are the active MOs in ascending index
   * order, so the Hartree–Fock determinant occupies the first nalpha of them.
   */
  hamiltonian: ActiveSpaceHamiltonian | null;
  /** Seconds. */
  timings: { integrals: number; scf: number; transform: number };
}

/**
 * Molecule → basis → integrals → RHF → active-space Hamiltonian. Input problems (including problems too
 * large to attempt) throw EngineInputError before any heavy work; an aborted `signal` throws its reason
 * from within the long loops.
 */
export function buildHamiltonian(
  input: ChemInput,
  opts: { signal?: AbortSignal; onLog?: (line: string) => void } = {},
): ChemResult {
  const { signal, onLog } = opts;
  signal?.throwIfAborted();
  const basisName = normaliseBasisName(input.basis);
  const molecule = parseMolecule(input.geometry, input.charge);
  const basis = buildBasisSet(molecule, basisName);
  const nocc = molecule.electrons / 2;
  checkOrbitalSpaces(input.frozenOrbitals, input.activeOrbitals, basis.nbf, nocc);
  checkProblemSize(basis.nbf, input.activeOrbitals.length, basisName);
  const eNuc = nuclearRepulsion(molecule);
  onLog?.(
    `${molecule.atoms.length} atoms, ${molecule.electrons} electrons, ${basis.nbf} basis functions (${basisName})`,
  );

  const integralsStart = performance.now();
  const one = oneElectronIntegrals(basis, molecule.atoms);
  const eri = electronRepulsionIntegrals(basis, signal);
  const coreHamiltonian = one.kinetic.map((value, i) => value + one.nuclear[i]);
  const integrals = seconds(integralsStart);
  onLog?.(`integrals: ${integrals.toFixed(2)} s`);

  const scfStart = performance.now();
  // One array (at most nbf⁴/8 doubles) serves as both: the supermatrix for the SCF, then the integrals again.
  const supermatrix = integralsToSupermatrix(eri, signal);
  const rhf = runRhf(
    {
      nbf: basis.nbf,
      nocc,
      nuclearRepulsion: eNuc,
      overlap: one.overlap,
      coreHamiltonian,
      supermatrix,
      guess: superposedAtomicDensity(molecule.atoms, basisName, basis.nbf),
    },
    { signal, onLog },
  );
  const scf = seconds(scfStart);
  onLog?.(
    `RHF converged in ${rhf.iterations} iterations, ${scf.toFixed(2)} s: E = ${rhf.energy.toFixed(10)} Ha`,
  );

  const transformStart = performance.now();
  const spaces = checkOrbitalSpaces(input.frozenOrbitals, input.activeOrbitals, rhf.nmo, nocc);
  const hamiltonian =
    spaces.active.length === 0
      ? null
      : buildActiveSpaceHamiltonian(
          {
            nbf: basis.nbf,
            nmo: rhf.nmo,
            nuclearRepulsion: eNuc,
            coreHamiltonian,
            supermatrix,
            orbitals: rhf.orbitals,
            spaces,
          },
          signal,
        );
  const transform = seconds(transformStart);
  if (hamiltonian !== null) {
    onLog?.(
      `active space: ${hamiltonian.norb} orbitals, ${hamiltonian.nalpha + hamiltonian.nbeta} electrons, ` +
        `${transform.toFixed(2)} s`,
    );
  }

  return {
    eNuc,
    eRhf: rhf.energy,
    nbf: basis.nbf,
    nocc,
    moEnergies: rhf.orbitalEnergies,
    hamiltonian,
    timings: { integrals, scf, transform },
  };
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}
