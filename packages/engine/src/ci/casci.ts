import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { CancelPoint } from './cancel.ts';
import { davidsonLowest } from './davidson.ts';
import { ProductSpaceHamiltonian } from './product-space.ts';
import { enumerateStrings, StringSet } from './strings.ts';
import { casciLimitReason, fullSpaceSize } from './casci-limit.ts';

// The limit lives apart so that a browser bundle can ask it without the solver.
export { casciLimitReason, fullSpaceSize, MAX_CASCI_DETERMINANTS } from './casci-limit.ts';

export interface CasciResult {
  /** Total energy: active-space eigenvalue + ecore. */
  energy: number;
  determinants: number;
  /** Hamiltonian–vector products the Davidson solver needed. */
  iterations: number;
}

/** Full CI in the active space, converged to 1e-10 Ha; refused above the CASCI limit. */
export async function casci(ham: ActiveSpaceHamiltonian, cancel: CancelPoint): Promise<CasciResult> {
  const refused = casciLimitReason(ham);
  if (refused !== null) throw new Error(`CASCI refused: ${refused}`);
  const determinants = fullSpaceSize(ham);
  const alpha = new StringSet(enumerateStrings(ham.norb, ham.nalpha));
  const beta = ham.nbeta === ham.nalpha ? alpha : new StringSet(enumerateStrings(ham.norb, ham.nbeta));
  const op = new ProductSpaceHamiltonian(ham, alpha, beta);
  const result = await davidsonLowest(op, {
    energyTolerance: 1e-10,
    residualTolerance: 1e-5,
    maxIterations: 200,
    cancel,
  });
  return { energy: result.energy + ham.ecore, determinants, iterations: result.iterations };
}
