import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { CancelPoint } from './cancel.ts';
import { davidsonLowest } from './davidson.ts';
import { ProductSpaceHamiltonian } from './product-space.ts';
import { binomial, enumerateStrings, MAX_STRING_ORBITALS, StringSet } from './strings.ts';

/**
 * Above this many determinants CASCI is skipped: its Davidson keeps about 30 vectors of this length
 * (≈ 240 MB at the limit) and one run takes minutes in this engine.
 */
export const MAX_CASCI_DETERMINANTS = 1_000_000;

export interface CasciResult {
  /** Total energy: active-space eigenvalue + ecore. */
  energy: number;
  determinants: number;
  /** Hamiltonian–vector products the Davidson solver needed. */
  iterations: number;
}

export function fullSpaceSize(ham: Pick<ActiveSpaceHamiltonian, 'norb' | 'nalpha' | 'nbeta'>): number {
  return binomial(ham.norb, ham.nalpha) * binomial(ham.norb, ham.nbeta);
}

/** Why CASCI cannot be run on this active space, or null when it can. */
export function casciLimitReason(
  ham: Pick<ActiveSpaceHamiltonian, 'norb' | 'nalpha' | 'nbeta'>,
): string | null {
  if (ham.norb > MAX_STRING_ORBITALS) {
    return `${ham.norb} active orbitals exceed the limit of ${MAX_STRING_ORBITALS}`;
  }
  const determinants = fullSpaceSize(ham);
  if (determinants > MAX_CASCI_DETERMINANTS) {
    return (
      `${determinants.toLocaleString('en-US')} determinants exceed the CASCI limit of ` +
      MAX_CASCI_DETERMINANTS.toLocaleString('en-US')
    );
  }
  return null;
}

/** Full CI in the active space, converged to 1e-10 Ha. */
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
