import { normaliseBasisName } from '../chem/basis/catalog.ts';
import { buildBasisSet } from '../chem/basis/shells.ts';
import { EngineInputError } from '../chem/errors.ts';
import { checkProblemSize } from '../chem/limits.ts';
import { parseMolecule } from '../chem/molecule.ts';
import { checkOrbitalSpaces } from '../chem/orbital-spaces.ts';
import { stateVectorSize, type AnsatzChoice } from './ansatz/index.ts';
import type { ActiveSpace } from './ansatz/space.ts';
import type { HiVqeParams, SimulatorChoice } from './params.ts';

/** 2^24 complex amplitudes: 256 MB of state vector (real and imaginary parts in float64). */
export const MAX_STATEVECTOR_AMPLITUDES = 2 ** 24;

/** What a job's run will hold, known from its hyperparameters before any integral is taken. */
export interface PlannedRun {
  basisFunctions: number;
  space: ActiveSpace;
}

/**
 * The run's basis size and active space from its hyperparameters alone (the basis set is placed, no
 * integral is taken). Throws EngineInputError for a molecule, basis or orbital spaces the engine refuses,
 * and for a problem above the chemistry's size limits (src/chem/limits.ts).
 */
export function planRun(params: HiVqeParams): PlannedRun {
  const molecule = parseMolecule(params.moleculeGeometry, params.charge);
  const basisName = normaliseBasisName(params.basis);
  const basisFunctions = buildBasisSet(molecule, basisName).nbf;
  const spaces = checkOrbitalSpaces(
    params.frozenOrbitals,
    params.activeOrbitals,
    basisFunctions,
    molecule.electrons / 2,
  );
  checkProblemSize(basisFunctions, spaces.active.length, basisName);
  const occupied = spaces.activeOccupied;
  return { basisFunctions, space: { norb: spaces.active.length, nalpha: occupied, nbeta: occupied } };
}

/**
 * Which simulation the engine runs the circuit on: the one the job names, or with `auto` the state vector
 * where it fits (exact) and the matrix-product state beyond. Not for UCCSD, whose circuits are written as
 * CNOT ladders of Pauli rotations (22,716 cz for 6 orbitals, 65 s at bond 64): beyond the state vector
 * they would run for days, so `auto` keeps UCCSD on the state vector and its limit.
 */
export function chosenSimulator(
  space: ActiveSpace,
  choice: AnsatzChoice,
  simulator: SimulatorChoice,
): 'statevector' | 'mps' {
  if (simulator !== 'auto') return simulator;
  const fits = stateVectorSize(space, choice) <= MAX_STATEVECTOR_AMPLITUDES;
  return fits || choice.ansatz === 'uccsd' ? 'statevector' : 'mps';
}

/**
 * Refuses, up front, a HI-VQE run the engine cannot hold: the chemistry's limits (`planRun`), then the
 * state vector (only when the engine `simulates` the circuit on one: a quantum computer's shots and the
 * matrix-product state need none); the subspace is bounded by max_states' own bound. Cheap: what the server
 * asks before it accepts a job, and the engine before it computes.
 */
export function checkRunLimits(params: HiVqeParams, simulates: boolean): PlannedRun {
  const planned = planRun(params);
  if (planned.space.norb > 0) {
    const choice = {
      ansatz: params.ansatz,
      entanglement: params.ansatzEntanglement,
      reps: params.ansatzReps,
    };
    checkHiVqeLimits(
      planned.space,
      choice,
      simulates && chosenSimulator(planned.space, choice, params.simulator) === 'statevector',
    );
  }
  return planned;
}

function checkHiVqeLimits(space: ActiveSpace, choice: AnsatzChoice, onStateVector: boolean): void {
  const amplitudes = stateVectorSize(space, choice);
  if (onStateVector && amplitudes > MAX_STATEVECTOR_AMPLITUDES) {
    const remedies = [
      'fewer active orbitals',
      ...(choice.ansatz === 'hardware_efficient'
        ? ['an ansatz that conserves the electron number (epa, uccsd)']
        : []),
      choice.ansatz === 'uccsd'
        ? 'the epa ansatz, which the engine samples from a matrix-product state beyond this limit'
        : 'the matrix-product-state simulator (simulator auto or mps)',
    ];
    throw new EngineInputError(
      `the ${choice.ansatz} circuit on ${2 * space.norb} qubits needs a state vector of ${amplitudes.toLocaleString('en-US')} ` +
        `amplitudes; the limit is ${MAX_STATEVECTOR_AMPLITUDES.toLocaleString('en-US')} (2^24, 256 MB). ` +
        `Choose ${remedies.slice(0, -1).join(', ')} or ${remedies.at(-1)}`,
    );
  }
}
