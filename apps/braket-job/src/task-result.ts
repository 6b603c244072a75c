import type { Counts } from '@hivqe/engine';

/** The parts of a quantum task's results.json (braket.task_result.gate_model_task_result v1) read here. */
interface GateModelTaskResult {
  measurements?: number[][];
  measuredQubits?: number[];
  measurementProbabilities?: Record<string, number>;
}

/**
 * A task's results as engine counts: character k of each bitstring is the result of `wanted[k]` (the
 * Braket qubit index the program's bit k measured), whatever order the result's columns come in.
 * A result with probabilities instead of shots gives shots × probability, rounded.
 */
export function countsFromTaskResult(result: unknown, wanted: number[], shots: number): Counts {
  const { measurements, measuredQubits, measurementProbabilities } = result as GateModelTaskResult;
  if (!Array.isArray(measuredQubits)) throw new Error('task result has no measuredQubits');
  const columns = wanted.map((qubit) => {
    const column = measuredQubits.indexOf(qubit);
    if (column < 0) throw new Error(`task result did not measure qubit ${qubit}`);
    return column;
  });
  const counts: Counts = {};
  const add = (bits: string, n: number) => {
    const key = columns.map((column) => bits[column]).join('');
    counts[key] = (counts[key] ?? 0) + n;
  };
  if (Array.isArray(measurements)) {
    for (const shot of measurements) add(shot.join(''), 1);
  } else if (measurementProbabilities !== undefined) {
    for (const [bits, probability] of Object.entries(measurementProbabilities)) {
      const n = Math.round(probability * shots);
      if (n > 0) add(bits, n);
    }
  } else {
    throw new Error('task result has neither measurements nor measurementProbabilities');
  }
  return counts;
}
