import type { HybridJobHyperparameterValues } from './hybrid-job-create.ts';

/**
 * Hyperparameters travel as Braket carries them: a map of strings (jobs.md 3). Numbers and booleans are
 * written as JavaScript prints them ('1e-20', 'true'), lists as JSON ('[2,3]'), and the two option groups
 * the original service reads are added as JSON strings: molecule_options and hivqe_options.
 */

type Kind = 'text' | 'integer' | 'number' | 'boolean' | 'integers';

const FIELD_KINDS = {
  molecule_geometry: 'text',
  charge: 'integer',
  device_name: 'text',
  backend_name: 'text',
  aws_region: 'text',
  shots: 'integer',
  max_iter: 'integer',
  active_orbitals: 'integers',
  frozen_orbitals: 'integers',
  basis: 'text',
  ansatz: 'text',
  ansatz_entanglement: 'text',
  ansatz_reps: 'integer',
  exact_energy: 'number',
  geometry_tag: 'text',
  max_states: 'integer',
  max_expansion_states: 'integer',
  tolerance: 'number',
  configuration_recovery: 'boolean',
  amplitude_screening_tolerance: 'number',
  convergence_count: 'integer',
  convergence_abstol: 'number',
  reset_convergence_count: 'boolean',
  debug_use_simulator: 'boolean',
  compute_reference: 'boolean',
} as const satisfies Record<keyof HybridJobHyperparameterValues, Kind>;

type Field = keyof typeof FIELD_KINDS;
interface KindValues {
  text: string;
  integer: number;
  number: number;
  boolean: boolean;
  integers: number[];
}
/** What fromHyperparameters reads back: each field as its kind's type. */
export type DecodedHyperparameters = Partial<{ [F in Field]: KindValues[(typeof FIELD_KINDS)[F]] }>;
const FIELDS = Object.keys(FIELD_KINDS) as Field[];

const MOLECULE_OPTIONS: readonly Field[] = ['basis', 'charge', 'active_orbitals', 'frozen_orbitals'];
const HIVQE_OPTIONS: readonly Field[] = [
  'shots',
  'ansatz',
  'ansatz_entanglement',
  'ansatz_reps',
  'max_iter',
  'geometry_tag',
];

const encode = (value: HybridJobHyperparameterValues[Field]) =>
  Array.isArray(value) ? JSON.stringify(value) : String(value);

const pick = (values: HybridJobHyperparameterValues, fields: readonly Field[]) =>
  JSON.stringify(Object.fromEntries(fields.map((field) => [field, values[field]])));

export function toHyperparameters(values: HybridJobHyperparameterValues): Record<string, string> {
  return {
    ...Object.fromEntries(
      FIELDS.filter((field) => values[field] !== undefined).map((field) => [field, encode(values[field])]),
    ),
    molecule_options: pick(values, MOLECULE_OPTIONS),
    hivqe_options: pick(values, HIVQE_OPTIONS),
  };
}

/** A value of a kind from a hyperparameter string or a JSON option value; undefined when it is neither. */
function decode(kind: Kind, value: unknown): KindValues[Kind] | undefined {
  switch (kind) {
    case 'text':
      return typeof value === 'string' && value !== '' ? value : undefined;
    case 'integer': {
      const number = decodeNumber(value);
      return number !== undefined && Number.isInteger(number) ? number : undefined;
    }
    case 'number':
      return decodeNumber(value);
    case 'boolean':
      return decodeBoolean(value);
    case 'integers':
      return decodeIntegers(typeof value === 'string' ? parseJson(value) : value);
  }
}

function decodeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** 'true'/'false' in any case: jobs submitted from Python carry 'True' and 'False'. */
function decodeBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

const decodeIntegers = (value: unknown) =>
  Array.isArray(value) && value.every((item) => Number.isInteger(item)) ? (value as number[]) : undefined;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const parseOptions = (text: string | undefined): Record<string, unknown> => {
  const parsed = text === undefined ? undefined : parseJson(text);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
};

/**
 * The values a job's hyperparameters hold, for Clone. A field written directly wins over the same field inside
 * molecule_options or hivqe_options; a value that cannot be read is left out, so the form keeps its default.
 */
export function fromHyperparameters(map: Readonly<Record<string, string>>): DecodedHyperparameters {
  const options = { ...parseOptions(map.hivqe_options), ...parseOptions(map.molecule_options) };
  const values: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const decoded = decode(FIELD_KINDS[field], map[field]) ?? decode(FIELD_KINDS[field], options[field]);
    if (decoded !== undefined) values[field] = decoded;
  }
  // decode returns each field's value in the type of its kind, which is what DecodedHyperparameters says.
  return values as DecodedHyperparameters;
}
