import { buildHamiltonian } from '../../src/chem/index.ts';
import type { ActiveSpaceHamiltonian } from '../../src/types.ts';

/**
 * N2 STO-3G at 1.0 Å (or `bond` Å), frozen 0,1, active 2..9: 16 qubits, 56 strings per spin, 3,136
 * determinants. Correlated enough that Hartree–Fock is only ~95% of the state at 1.0 Å (stretched, much
 * less), small enough to run often.
 */
export function n2Sto3g(bond = 1.0): ActiveSpaceHamiltonian {
  return n2Hamiltonian('sto-3g', bond, 9);
}

/** N2 in `basis` at `bond` Å, frozen 0..`firstActive`−1, active `firstActive`..`lastActive`. */
export function n2Hamiltonian(
  basis: string,
  bond: number,
  lastActive: number,
  firstActive = 2,
): ActiveSpaceHamiltonian {
  const chem = buildHamiltonian({
    geometry: `N 0 0 0;N 0 0 ${bond}`,
    basis,
    activeOrbitals: Array.from({ length: lastActive - firstActive + 1 }, (_, i) => i + firstActive),
    frozenOrbitals: Array.from({ length: firstActive }, (_, i) => i),
  });
  if (chem.hamiltonian === null) throw new Error('no active space');
  return chem.hamiltonian;
}

/** The bench's N2 cc-pVDZ CAS(12o,12e) at 1.1 Å: frozen 0, active 1..12 (853,776 determinants). */
export function n2CasTwelve(): ActiveSpaceHamiltonian {
  return n2Hamiltonian('cc-pvdz', 1.1, 12, 1);
}
