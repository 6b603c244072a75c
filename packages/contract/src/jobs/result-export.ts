import { z } from 'zod';
import type { JobResultDocument } from './job-result.ts';

/**
 * What the console's "Download" saves and the result routes send for `format` (or `Accept: text/csv`): the
 * result document as JSON, and the iteration history as CSV. One writer for both, so a script downloads the
 * console's bytes (issue 28 §5).
 */
export const RESULT_FORMATS = ['json', 'csv'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];
export const RESULT_FORMAT_MESSAGE = `format must be one of ${RESULT_FORMATS.join(', ')}`;
/** Absent: the result document as the API's JSON answer, not as a file. */
export const resultFormat = z.enum(RESULT_FORMATS, { message: RESULT_FORMAT_MESSAGE }).optional();

/** A file name from the job's name, safe on every file system. */
const baseName = (result: JobResultDocument) => result.job_name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'job';

export const resultFileName = (result: JobResultDocument) => `${baseName(result)}-result.json`;
export const historyFileName = (result: JobResultDocument) => `${baseName(result)}-history.csv`;

export const resultJson = (result: JobResultDocument) => `${JSON.stringify(result, null, 2)}\n`;

export const HISTORY_CSV_TYPE = 'text/csv; charset=utf-8';

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
