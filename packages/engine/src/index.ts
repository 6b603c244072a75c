/**
 * @hivqe/engine: from a job's hyperparameters to RHF, CASCI and HI-VQE energies (docs/engine.md).
 */
export { runHiVqe, METHODS, type EngineResult, type Method, type RunOptions } from './hivqe/run.ts';
export {
  parseHiVqeParams,
  ANSATZE,
  ENTANGLEMENTS,
  type AnsatzName,
  type Entanglement,
  type HiVqeParams,
} from './hivqe/params.ts';
export { EngineInputError } from './chem/errors.ts';
export {
  checkMoleculeInput,
  planReference,
  type MoleculeInput,
  type ReferenceInput,
  type ReferencePlan,
  type MoleculeInputField,
  type MoleculeInputProblem,
} from './chem/input-check.ts';
export type { Provenance } from './hivqe/provenance.ts';
export {
  leadingDeterminants,
  occupationText,
  LEADING_DETERMINANTS,
  type LeadingDeterminant,
} from './hivqe/leading-determinants.ts';
export { chemicalSpecification, type ChemicalSpecification } from './hivqe/specification.ts';
export { ENGINE_NAME, ENGINE_VERSION } from './version.ts';
export { metricLine, METRICS_MARKER } from './hivqe/log-lines.ts';
export type { CheckpointOptions, LoopCheckpoint } from './hivqe/checkpoint.ts';
export { rememberReference, type ReferenceCache } from './hivqe/reference.ts';
export { isAbortError } from './ci/cancel.ts';
export { MAX_CASCI_DETERMINANTS } from './ci/casci.ts';
export { checkRunLimits, MAX_STATEVECTOR_AMPLITUDES } from './hivqe/limits.ts';
export { MAX_SUBSPACE_DETERMINANTS } from './hivqe/params.ts';
export { estimateRunMemory, type MemoryEstimate } from './hivqe/memory.ts';
export type { ActiveSpaceHamiltonian, IterationPoint } from './types.ts';
export type { ActiveSpace } from './hivqe/ansatz/space.ts';
export type { AnsatzChoice } from './hivqe/ansatz/index.ts';
export type {
  Counts,
  NativeCircuit,
  NativeDevice,
  NativeInstruction,
  SampleContext,
  Sampler,
} from './hivqe/native/types.ts';
export { toOpenQasm3, type OpenQasmTarget } from './hivqe/native/openqasm.ts';
export { exportAnsatzCircuit } from './hivqe/native/export.ts';
export { simulateNative, sampleNative, sampleProbabilities } from './hivqe/native/simulate.ts';
export { lineDevice } from './hivqe/native/line-device.ts';
