import { fromHyperparameters } from './hyperparameters.ts';
import type { EnergyDataPoint } from './monitor-schemas.ts';
import type { JobResultDocument, MoleculeResult } from './job-result.ts';
import { parseGeometry } from './molecule.ts';
import {
  RESULT_DOCUMENT_KIND,
  RESULT_DOCUMENT_VERSION,
  RESULT_UNITS,
  type ResultDocument,
} from './result-document.ts';

/**
 * What the console's "Download" saves and the result routes send for `format` (or `Accept: text/csv`): the
 * result document as JSON, and the iteration history as CSV. One writer for both, so a script downloads the
 * console's bytes (issue 28 §5).
 */

/** A file name from the job's name, safe on every file system. */
const baseName = (result: JobResultDocument) => result.job_name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'job';

export const resultFileName = (result: JobResultDocument) => `${baseName(result)}-result.json`;
export const historyFileName = (result: JobResultDocument) => `${baseName(result)}-history.csv`;

/** Ha → mHa, the unit the console shows errors in (the CSV and the JSON document use it too). */
const toMha = (errorHa: number | null) => (errorHa === null ? null : errorHa * 1000);

function documentMolecule(molecule: MoleculeResult): ResultDocument['molecules'][number] {
  const { molecule_geometry, ...rest } = molecule;
  const atoms = parseGeometry(molecule_geometry);
  return {
    ...rest,
    geometry_text: molecule_geometry,
    geometry: atoms && atoms.map(({ symbol, x, y, z }) => ({ element: symbol, x, y, z })),
  };
}

const documentIteration = (point: EnergyDataPoint, index: number) => ({
  iteration: index + 1,
  cost_function_call: point.costFunctionCall,
  energy: point.energy,
  error_mha: toMha(point.error),
  subspace_size: point.numStates,
  timestamp: point.timestamp,
});

/**
 * The result document a paper can cite (issue 30 §4, docs/result-document.md): the API's result with units
 * named, the hyperparameters typed beside the strings the input digest covers, geometries as atoms, and the
 * history's errors in mHa as the console shows them.
 */
export function resultDocumentOf(result: JobResultDocument): ResultDocument {
  return {
    kind: RESULT_DOCUMENT_KIND,
    version: RESULT_DOCUMENT_VERSION,
    units: { ...RESULT_UNITS },
    job: {
      arn: result.job_arn,
      name: result.job_name,
      status: result.status,
      failure_reason: result.failure_reason,
      result_unavailable_reason: result.result_unavailable_reason ?? null,
      backend: result.backend,
      device: result.device,
      simulated_locally: result.simulated_locally,
      shots_per_circuit: result.shots_per_circuit,
    },
    engine: result.engine,
    input: { sha256: result.input_sha256, hyperparameters: result.hyperparameters },
    parameters: fromHyperparameters(result.hyperparameters),
    molecules: result.molecules.map(documentMolecule),
    history: result.history.map(documentIteration),
    timings: result.timings,
  };
}

export const resultJson = (result: JobResultDocument) =>
  `${JSON.stringify(resultDocumentOf(result), null, 2)}\n`;

export const HISTORY_CSV_TYPE = 'text/csv; charset=utf-8';

const HISTORY_COLUMNS = [
  'iteration',
  'cost_function_call',
  'energy_ha',
  'error_mha',
  'subspace_size',
  'timestamp',
];

/**
 * One row per iteration, numbered from 1. Energies in Ha and errors in mHa, as the console shows them, with
 * every digit JavaScript keeps (no rounding); an unknown error is an empty cell. No cell can hold a comma, quote or newline, so none is quoted.
 */
export function historyCsv(result: JobResultDocument): string {
  const rows = result.history.map((point, index) =>
    [
      index + 1,
      point.costFunctionCall,
      point.energy,
      toMha(point.error) ?? '',
      point.numStates,
      point.timestamp,
    ].join(','),
  );
  return [HISTORY_COLUMNS.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}
