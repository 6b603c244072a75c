import { buildHamiltonian, EngineInputError } from '../chem/index.ts';
import { abortError, CancelPoint } from '../ci/cancel.ts';
import { casciLimitReason, fullSpaceSize } from '../ci/casci.ts';
import type { IterationPoint } from '../types.ts';
import type { CheckpointOptions } from './checkpoint.ts';
import { checkRunLimits } from './limits.ts';
import { runHiVqeLoop } from './loop.ts';
import { DeviceGraph } from './native/device-graph.ts';
import { placeQubits } from './native/placement.ts';
import type { Sampler } from './native/types.ts';
import { parseHiVqeParams, type HiVqeParams } from './params.ts';
import { secondOrderCorrection } from './perturbative.ts';
import type { LeadingDeterminant } from './leading-determinants.ts';
import { estimateLogLine } from './log-lines.ts';
import { loopOrbitals } from './loop-orbitals.ts';
import { emptyProvenance, type Provenance } from './provenance.ts';
import { casciReference, referenceSkipReason, type ReferenceCache } from './reference.ts';

export type Method = 'rhf' | 'casci' | 'hivqe';
export const METHODS: readonly Method[] = ['rhf', 'casci', 'hivqe'];

export interface RunOptions {
  /** What to compute: RHF only, RHF + CASCI, or everything (the default). */
  method?: Method;
  onIteration?: (point: IterationPoint) => void;
  /** RHF and nuclear repulsion energies, told once RHF has converged: long before the run's end. */
  onRhf?: (energies: { eRhf: number; eNuc: number }) => void;
  onLog?: (line: string) => void;
  signal?: AbortSignal;
  /**
   * Draws the HI-VQE shots from a quantum computer instead of the engine's simulation: each iteration
   * sends its two SPSA circuits in one `sample` call (with `signal`). Without it, nothing changes.
   */
  sampler?: Sampler;
  /** Ablation: false leaves the circuit out, so only the handover brings strings (default true). */
  sampling?: boolean;
  /** Ablation: false leaves the handover out, so only samples and their recovery bring strings (default true). */
  handover?: boolean;
  /** CASCI energies computed before, reused for the same molecule, basis and orbital spaces (default: the process's). */
  references?: ReferenceCache;
  /**
   * Saves the HI-VQE loop's state after each iteration and/or resumes from a saved one: with the same
   * hyperparameters (and shots, whether simulated or a `sampler`'s), a resumed run ends exactly as the
   * uninterrupted one would. A checkpoint of another space or circuit is refused (EngineInputError).
   */
  checkpoint?: CheckpointOptions;
}

/** The outcome of a run; the CLI prints the same fields in snake_case. */
export interface EngineResult {
  eNuc: number;
  eRhf: number;
  /** null when not computed (method rhf, or a space above the CASCI limit). */
  eCasci: number | null;
  /** The method's result: RHF, CASCI or the final HI-VQE energy (Ha). */
  energy: number;
  /** Determinants behind `energy`: 1 for RHF, the full space for CASCI, the final subspace for HI-VQE. */
  numStates: number;
  /** Determinants of the active space's full CI, the space HI-VQE selects from; null for RHF, which has none. */
  fullSpaceSize: number | null;
  /** HI-VQE iterations run (0 for the other methods). */
  iterations: number;
  history: IterationPoint[];
  /** HI-VQE: the strings that entered the subspace, by source (all zero for the other methods). */
  provenance: Provenance;
  /** Wall time of the whole run. */
  seconds: number;
  /** Wall time of the CASCI reference within `seconds`: 0 when it came from the cache, null when not computed. */
  referenceSeconds: number | null;
  /** Why `eCasci` is null (`referenceSkipReason`'s words); null when CASCI was computed. */
  referenceSkipReason: string | null;
  /**
   * HI-VQE: the final energy with its second-order perturbative correction (`secondOrderCorrection`), an
   * estimate of the active space's exact energy, not a bound; null for RHF and CASCI, and when the final
   * subspace is the whole space (its energy is exact).
   */
  perturbativeEstimate: number | null;
  /**
   * HI-VQE: the final state's determinants of largest weight, heaviest first, over the orbitals the loop
   * worked in (the natural orbitals, most occupied first, when `orbitals` is natural). Empty for RHF and
   * CASCI, whose runs keep only the energy (a cached CASCI reference has no vector to show).
   */
  leadingDeterminants: LeadingDeterminant[];
}

/**
 * From a job's hyperparameters to RHF, CASCI and HI-VQE energies. Rejects with EngineInputError for bad
 * input or a problem above the engine's limits (before the heavy work), and with an AbortError soon
 * after `signal` fires.
 */
export async function runHiVqe(
  hyperparameters: Readonly<Record<string, unknown>>,
  options: RunOptions = {},
): Promise<EngineResult> {
  const {
    method = 'hivqe',
    onIteration,
    onRhf,
    onLog,
    signal,
    sampler,
    sampling,
    handover,
    references,
    checkpoint,
  } = options;
  const cancel = new CancelPoint(signal);
  try {
    if (sampling === false && handover === false)
      throw new EngineInputError('sampling and handover cannot both be off: nothing would add strings');
    return await run(parseHiVqeParams(hyperparameters), method, cancel, {
      onIteration,
      onRhf,
      onLog,
      signal,
      sampler,
      sampling,
      handover,
      references,
      checkpoint,
    });
  } catch (error) {
    if (signal?.aborted) throw abortError(signal.reason);
    throw error;
  }
}

async function run(
  params: HiVqeParams,
  method: Method,
  cancel: CancelPoint,
  options: Omit<RunOptions, 'method'>,
): Promise<EngineResult> {
  const started = performance.now();
  const { onRhf, onLog, signal, sampler, sampling = true, handover = true, references, checkpoint } = options;
  await cancel.pause();
  if (method === 'hivqe') {
    // Refuse a run above the limits before the integrals, and a circuit that does not fit the device. With
    // sampling off no circuit state is ever built, so the state vector's size is no limit (issue 29 §1).
    const { space } = checkRunLimits(params, sampling && sampler === undefined);
    if (sampler !== undefined && space.norb > 0) placeQubits(2 * space.norb, new DeviceGraph(sampler.device));
  }
  const chem = buildHamiltonian(
    {
      geometry: params.moleculeGeometry,
      charge: params.charge,
      basis: params.basis,
      activeOrbitals: method === 'rhf' ? [] : params.activeOrbitals,
      frozenOrbitals: method === 'rhf' ? [] : params.frozenOrbitals,
    },
    { signal, onLog },
  );
  const base = { eNuc: chem.eNuc, eRhf: chem.eRhf };
  onRhf?.(base);
  const elapsed = () => (performance.now() - started) / 1000;
  if (method === 'rhf') {
    return {
      ...base,
      eCasci: null,
      energy: chem.eRhf,
      numStates: 1,
      fullSpaceSize: null,
      iterations: 0,
      history: [],
      provenance: emptyProvenance(),
      seconds: elapsed(),
      referenceSeconds: null,
      referenceSkipReason: 'method rhf computes no CASCI',
      leadingDeterminants: [],
      perturbativeEstimate: null,
    };
  }
  const ham = chem.hamiltonian;
  if (ham === null)
    throw new EngineInputError(`active_orbitals is empty: method ${method} needs an active space`);
  await cancel.pause();

  if (method === 'casci') {
    const refused = casciLimitReason(ham);
    if (refused !== null) throw new EngineInputError(`CASCI refused: ${refused}`);
    const reference = await casciReference(ham, params, cancel, onLog, references);
    const numStates = fullSpaceSize(ham);
    return {
      ...base,
      eCasci: reference.energy,
      energy: reference.energy,
      numStates,
      fullSpaceSize: numStates,
      iterations: 0,
      history: [],
      provenance: emptyProvenance(),
      seconds: elapsed(),
      referenceSeconds: reference.seconds,
      referenceSkipReason: null,
      leadingDeterminants: [],
      perturbativeEstimate: null,
    };
  }
  const skipped = referenceSkipReason(ham, params);
  if (skipped !== null) onLog?.(`CASCI skipped: ${skipped}`);
  const reference = skipped === null ? await casciReference(ham, params, cancel, onLog, references) : null;
  const eCasci = reference?.energy ?? null;
  // The orbitals change which determinants carry the state, not the energies: CASCI above is the same.
  const orbitals = await loopOrbitals(ham, params, checkpoint ?? {}, cancel, onLog);
  const loop = await runHiVqeLoop(
    orbitals.ham,
    params,
    params.exactEnergy ?? eCasci,
    options,
    cancel,
    sampler,
    { sampling, handover },
    orbitals.checkpoint,
  );
  // The estimate scores the final subspace once more: the run's, not the first run's behind natural orbitals.
  const secondOrder = await secondOrderCorrection(orbitals.ham, loop.subspace, cancel);
  if (secondOrder !== null) onLog?.(estimateLogLine(loop.energy, secondOrder));
  onLog?.(
    `HI-VQE ${loop.converged ? 'converged' : 'stopped at max_iter'} after ${loop.iterations} iterations: ` +
      `E = ${loop.energy.toFixed(10)} Ha with ${loop.numStates} determinants, ${elapsed().toFixed(2)} s`,
  );
  return {
    ...base,
    eCasci,
    energy: loop.energy,
    numStates: loop.numStates,
    fullSpaceSize: fullSpaceSize(ham),
    iterations: loop.iterations,
    history: loop.history,
    provenance: loop.provenance,
    seconds: elapsed(),
    referenceSeconds: reference?.seconds ?? null,
    referenceSkipReason: skipped,
    leadingDeterminants: loop.leadingDeterminants,
    perturbativeEstimate: secondOrder === null ? null : loop.energy + secondOrder,
  };
}
