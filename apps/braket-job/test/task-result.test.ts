import { describe, expect, it } from 'vitest';
import { countsFromTaskResult } from '../src/task-result.ts';

describe('a quantum task result as engine counts', () => {
  it('orders bits as the program measured them, whatever the columns of the result', () => {
    const result = {
      measuredQubits: [5, 2, 9],
      measurements: [
        [1, 0, 0],
        [1, 0, 0],
        [0, 1, 1],
      ],
    };
    // The program's bit 0 measured qubit 9, bit 1 qubit 5, bit 2 qubit 2.
    expect(countsFromTaskResult(result, [9, 5, 2], 3)).toEqual({ '010': 2, '101': 1 });
  });

  it('turns probabilities into shots when the result has no measurements', () => {
    const result = { measuredQubits: [0, 1], measurementProbabilities: { '01': 0.25, '10': 0.75 } };
    expect(countsFromTaskResult(result, [1, 0], 100)).toEqual({ '10': 25, '01': 75 });
  });

  it('refuses a result that did not measure a qubit of the program', () => {
    expect(() => countsFromTaskResult({ measuredQubits: [0], measurements: [[1]] }, [0, 1], 1)).toThrow(
      'did not measure qubit 1',
    );
  });
});
