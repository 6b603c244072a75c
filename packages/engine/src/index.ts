/**
 * @hivqe/engine: from a job's hyperparameters to RHF, CASCI and HI-VQE energies (docs/engine.md).
 */
export { runHiVqe, METHODS, type EngineResult, type Method, type RunOptions } from './hivqe/run.ts';
export { parseHiVqeParams, ANSATZE, ENTANGLEMENTS, type HiVqeParams } from './hivqe/params.ts';
export { EngineInputError } from './chem/errors.ts';
export { isAbortError } from './ci/cancel.ts';
export { MAX_CASCI_DETERMINANTS } from './ci/casci.ts';
export { MAX_STATEVECTOR_AMPLITUDES, MAX_SUBSPACE_DETERMINANTS } from './hivqe/limits.ts';
export type { ActiveSpaceHamiltonian, IterationPoint } from './types.ts';
