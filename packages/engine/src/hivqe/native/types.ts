/**
 * Circuits in a quantum computer's native operations, as IQM Resonance takes them: `prx` (a rotation about
 * an axis in the XY plane), `cz` and `measure`. Angles are in full turns, as IQM's API expects:
 * prx(angle_t, phase_t) = exp(−iπ·angle_t·(cos(2π·phase_t)·X + sin(2π·phase_t)·Y)).
 */
export type NativeInstruction =
  | { name: 'prx'; qubits: [string]; args: { angle_t: number; phase_t: number } }
  | { name: 'cz'; qubits: [string, string]; args: Record<string, never> }
  | { name: 'measure'; qubits: string[]; args: { key: string } };

export interface NativeCircuit {
  name: string;
  instructions: NativeInstruction[];
}

/**
 * Shots per measured bitstring. Character k of a bitstring is the result ('0' or '1') of the k-th qubit
 * of the circuit's `measure` instruction.
 */
export type Counts = Record<string, number>;

/** The device a sampler runs on: its qubit names and which pairs a `cz` may join (either order). */
export interface NativeDevice {
  qubits: string[];
  couplings: Array<[string, string]>;
}

/**
 * Runs circuits on a quantum computer (or anything that answers like one): `shots` shots of each circuit,
 * counts in the same order. Rejects when the service fails the job; honours `signal` by aborting it.
 * `context` names the call within the run (a sampler may use it to find a job an interrupted run submitted).
 */
export interface Sampler {
  device: NativeDevice;
  /** Where the shots come from, for the run's log (default: "the quantum computer"). */
  source?: string;
  /** How the circuits are run, for the run's opening log line (default: the quantum computer's size). */
  description?: string;
  sample(
    circuits: NativeCircuit[],
    shots: number,
    signal?: AbortSignal,
    context?: SampleContext,
  ): Promise<Counts[]>;
}

/** Which call of a run a `sample` call is, so that a sampler can recognise a call a resumed run repeats. */
export interface SampleContext {
  /** Unique within a run and the same when a resumed run repeats the call: e.g. "7" or "7.2" (iteration, then call). */
  key: string;
}
