import type { JobResultDocument } from '@hivqe/contract';

/** What "Download" saves: the result document as JSON, and the iteration history as CSV. */

/** A file name from the job's name, safe on every file system. */
const baseName = (result: JobResultDocument) => result.job_name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'job';

export const resultFileName = (result: JobResultDocument) => `${baseName(result)}-result.json`;
export const historyFileName = (result: JobResultDocument) => `${baseName(result)}-history.csv`;

export const resultJson = (result: JobResultDocument) => `${JSON.stringify(result, null, 2)}\n`;

const HISTORY_COLUMNS = [
  'iteration',
  'cost_function_call',
  'energy_ha',
  'error_ha',
  'subspace_size',
  'timestamp',
];

/**
 * One row per iteration, numbered from 1. Energies are written with every digit JavaScript keeps (no rounding);
 * an unknown error is an empty cell. No cell can hold a comma, quote or newline, so none is quoted.
 */
export function historyCsv(result: JobResultDocument): string {
  const rows = result.history.map((point, index) =>
    [
      index + 1,
      point.costFunctionCall,
      point.energy,
      point.error ?? '',
      point.numStates,
      point.timestamp,
    ].join(','),
  );
  return [HISTORY_COLUMNS.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}
