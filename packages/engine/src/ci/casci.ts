import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { CancelPoint } from './cancel.ts';
import { lowestState } from './lowest-state.ts';
import { orbitalIrreps } from './orbital-irreps.ts';
import { enumerateStrings, StringSet } from './strings.ts';
import { casciLimitReason, fullSpaceSize } from './casci-limit.ts';

// The limit lives apart so that a browser bundle can ask it without the solver.
export { casciLimitReason, fullSpaceSize, MAX_CASCI_DETERMINANTS } from './casci-limit.ts';

export interface CasciResult {
  /** Total energy: active-space eigenvalue + ecore. */
  energy: number;
  determinants: number;
  /**
   * The determinants solved over: those of the irrep of the lowest diagonal determinant (the
   * Hartree–Fock one, totally symmetric for a closed shell) where the orbitals have symmetry
   * (orbital-irreps.ts), else all of them.
   */
  solved: number;
  /** Hamiltonian–vector products the Davidson solver needed. */
  iterations: number;
}

/**
 * Full CI in the active space, converged to 1e-10 Ha; refused above the CASCI limit. The state found is the
 * lowest of the lowest diagonal determinant's irrep (lowest-state.ts): with the orbitals' irreps known,
 * only that irrep's determinants are ever computed.
 */
export async function casci(ham: ActiveSpaceHamiltonian, cancel: CancelPoint): Promise<CasciResult> {
  const refused = casciLimitReason(ham);
  if (refused !== null) throw new Error(`CASCI refused: ${refused}`);
  const determinants = fullSpaceSize(ham);
  const irreps = orbitalIrreps(ham);
  const alpha = new StringSet(enumerateStrings(ham.norb, ham.nalpha), irreps);
  const beta =
    ham.nbeta === ham.nalpha ? alpha : new StringSet(enumerateStrings(ham.norb, ham.nbeta), irreps);
  const state = await lowestState(ham, alpha, beta, {
    energyTolerance: 1e-10,
    residualTolerance: 1e-5,
    maxIterations: 200,
    cancel,
  });
  return {
    energy: state.energy + ham.ecore,
    determinants,
    solved: state.solved,
    iterations: state.iterations,
  };
}
