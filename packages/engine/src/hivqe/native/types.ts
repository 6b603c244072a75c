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
 */
export interface Sampler {
  device: NativeDevice;
  sample(circuits: NativeCircuit[], shots: number, signal?: AbortSignal): Promise<Counts[]>;
}
