import { fullSpaceSize } from '../ci/casci.ts';
import { EngineInputError } from '../chem/errors.ts';
import { MAX_STRING_ORBITALS } from '../ci/strings.ts';
import { stateVectorSize, type AnsatzChoice } from './ansatz/index.ts';
import type { ActiveSpace } from './ansatz/space.ts';

/** 2^24 complex amplitudes: 256 MB of state vector (real and imaginary parts in float64). */
export const MAX_STATEVECTOR_AMPLITUDES = 2 ** 24;
/**
 * Largest subspace kept between iterations. While growing, the loop diagonalises up to twice this
 * many determinants (about 270 MB of Davidson vectors at the limit).
 */
export const MAX_SUBSPACE_DETERMINANTS = 500_000;

/**
 * Refuses, before anything large is allocated, a HI-VQE run this engine cannot hold in memory. The state
 * vector counts only when the engine `simulates` the circuit: a quantum computer's shots need none.
 */
export function checkHiVqeLimits(
  space: ActiveSpace,
  choice: AnsatzChoice,
  maxStates: number,
  simulates: boolean,
): void {
  if (space.norb > MAX_STRING_ORBITALS) {
    throw new EngineInputError(
      `${space.norb} active orbitals exceed the engine's limit of ${MAX_STRING_ORBITALS} (${2 * MAX_STRING_ORBITALS} qubits)`,
    );
  }
  if (space.nalpha !== space.nbeta) throw new EngineInputError('HI-VQE needs a closed-shell active space');
  const amplitudes = stateVectorSize(space, choice);
  if (simulates && amplitudes > MAX_STATEVECTOR_AMPLITUDES) {
    throw new EngineInputError(
      `the ${choice.ansatz} circuit on ${2 * space.norb} qubits needs a state vector of ${amplitudes.toLocaleString('en-US')} ` +
        `amplitudes; the limit is ${MAX_STATEVECTOR_AMPLITUDES.toLocaleString('en-US')} (2^24, 256 MB). ` +
        'Choose fewer active orbitals' +
        (choice.ansatz === 'hardware_efficient'
          ? ' or an ansatz that conserves the electron number (epa, uccsd)'
          : ''),
    );
  }
  const subspace = Math.min(maxStates, fullSpaceSize(space));
  if (subspace > MAX_SUBSPACE_DETERMINANTS) {
    throw new EngineInputError(
      `max_states ${maxStates.toLocaleString('en-US')} allows a subspace of ${subspace.toLocaleString('en-US')} determinants; ` +
        `the limit is ${MAX_SUBSPACE_DETERMINANTS.toLocaleString('en-US')}`,
    );
  }
}
