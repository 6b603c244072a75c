import { z } from 'zod';
import { multilineText } from '../text.ts';
import { BOND_KEY_PATTERN } from './bond-keys.ts';
import { JOB_ID_TAG, MAX_USER_TAGS, UNICODE_LINE_SEPARATOR } from './braket-resources.ts';
import {
  HYPERPARAMETER_MAX_ENTRIES,
  HYPERPARAMETER_VALUE_MAX_LENGTH,
  JOB_API_DEFAULT_PAGE_SIZE,
  JOB_API_MAX_PAGE_SIZE,
} from './limits.ts';
import {
  MAX_ABS_ENERGY_HA,
  MAX_RUNTIME_S,
  MAX_SHOTS,
  MAX_TOLERANCE,
  MIN_RUNTIME_S,
} from './hyperparameter-bounds.ts';
import { parseGeometry } from './molecule.ts';
import { ANSATZ_OPTIONS, BASIS_OPTIONS, ENTANGLEMENT_OPTIONS } from './options.ts';

/**
 * Field validators the job schemas share. Ranges are the server's (jobs.md 5, "server-side validation: not
 * shown"): the newer form's, which are the wider, except convergence_count, whose 0 the wizard allows, and the
 * bounds of hyperparameter-bounds.ts where the newer form's are wider than a real run needs (issue 24 §5).
 */

export const MAX_ANSATZ_REPS = 10;
export const MAX_CONVERGENCE_COUNT = 100;
/** The engine's active spaces are far smaller; the cap keeps hyperparameter values short. */
export const MAX_ORBITALS = 100;
export const MAX_ORBITAL_INDEX = 9999;
export const MAX_MOLECULES = 50;
/** Beyond any ion of the elements the engine knows (H-Ar); the engine checks the electron count itself. */
export const MAX_CHARGE = 100;

const formatCount = (value: number) => value.toLocaleString('en-US');

export const integerInRange = (field: string, min: number, max: number) => {
  const message = `${field} must be a whole number from ${formatCount(min)} to ${formatCount(max)}`;
  return z.number({ message }).int(message).min(min, message).max(max, message);
};

/** A number from 0 to MAX_TOLERANCE: the tolerances. */
export const tolerance = (field: string) => {
  const message = `${field} must be a number from 0 to ${MAX_TOLERANCE}`;
  return z.number({ message }).min(0, message).max(MAX_TOLERANCE, message);
};

/** An energy in Hartree within ±MAX_ABS_ENERGY_HA (zod's numbers are finite already: NaN and ±Infinity are refused). */
export const energy = (field: string) => {
  const bound = formatCount(MAX_ABS_ENERGY_HA);
  const message = `${field} must be a number from -${bound} to ${bound} (Hartree)`;
  return z.number({ message }).min(-MAX_ABS_ENERGY_HA, message).max(MAX_ABS_ENERGY_HA, message);
};

const distinct = (values: readonly number[]) => new Set(values).size === values.length;

export const orbitalList = (field: string, minimum: number) =>
  z
    .array(
      z
        .number({ message: `${field} must list orbital numbers` })
        .int(`${field} must list whole orbital numbers`)
        .min(0, `${field} must not be negative`)
        .max(MAX_ORBITAL_INDEX, `${field} must be at most ${MAX_ORBITAL_INDEX}`),
      { message: `${field} must be a list of orbital numbers` },
    )
    .min(minimum, `${field} must list at least ${minimum} orbital`)
    .max(MAX_ORBITALS, `${field} must list at most ${MAX_ORBITALS} orbitals`)
    .refine(distinct, `${field} must not repeat an orbital`);

export const ORBITALS_OVERLAP_MESSAGE = 'An orbital cannot be both active and frozen';

/** Adds the cross-field rule of the orbital lists: no orbital is both frozen and active. */
export function checkOrbitalsDisjoint(
  value: { active_orbitals: readonly number[]; frozen_orbitals: readonly number[] },
  ctx: z.RefinementCtx,
  path: PropertyKey[] = [],
) {
  const frozen = new Set(value.frozen_orbitals);
  const shared = value.active_orbitals.filter((orbital) => frozen.has(orbital));
  if (shared.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'frozen_orbitals'],
      message: `${ORBITALS_OVERLAP_MESSAGE} (${shared.join(', ')})`,
    });
  }
}

export const GEOMETRY_MESSAGE =
  "molecule_geometry must be atoms 'El x y z' separated by ';', e.g. 'H 0 0 0;H 0 0 0.74'";

/** Multi-line: a geometry pasted one atom per line ('H 0 0 0;' newline 'H 0 0 0.74') is accepted. */
export const moleculeGeometry = multilineText(
  z
    .string({ message: GEOMETRY_MESSAGE })
    .max(
      HYPERPARAMETER_VALUE_MAX_LENGTH,
      `molecule_geometry must be at most ${HYPERPARAMETER_VALUE_MAX_LENGTH} characters`,
    )
    // Braket refuses them in a hyperparameter, and parseGeometry would read them as spaces.
    .refine((geometry) => !UNICODE_LINE_SEPARATOR.test(geometry), {
      message: 'molecule_geometry must not contain Unicode line separators (U+0085, U+2028, U+2029)',
      abort: true,
    })
    .refine((geometry) => parseGeometry(geometry) !== null, GEOMETRY_MESSAGE),
);

const bondKeyMessage = (field: string) => `${field} must be a bond length with a decimal point, such as 1.0`;

export const bondKey = (field: string) =>
  z.string({ message: bondKeyMessage(field) }).regex(BOND_KEY_PATTERN, bondKeyMessage(field));

/** A map keyed by bond length; the keys are checked here so the message names the map. */
export const bondKeyedMap = <Value extends z.ZodType>(field: string, value: Value) =>
  z
    .record(z.string(), value)
    .refine(
      (map) => Object.keys(map).every((key) => BOND_KEY_PATTERN.test(key)),
      bondKeyMessage(`Each key of ${field}`),
    );

export const MOLECULE_ENERGY_MISMATCH_MESSAGE = 'exact_energies must name only bond lengths of the molecules';

/** A bond scan's molecules keyed by bond length, in the order the user entered them: 1 to `max`. */
export const bondScanMolecules = (max: number) =>
  bondKeyedMap('molecules', moleculeGeometry)
    .refine((molecules) => Object.keys(molecules).length >= 1, 'molecules must hold at least one molecule')
    .refine(
      (molecules) => Object.keys(molecules).length <= max,
      `molecules must hold at most ${max} molecules`,
    );

/** Per molecule and optional: a molecule without one is compared with the engine's CASCI. */
export const bondScanExactEnergies = bondKeyedMap('exact_energies', energy('exact energy'));

/** exact_energies names only bond lengths that molecules holds. */
export function checkScanEnergies(
  value: { molecules?: Readonly<Record<string, string>>; exact_energies?: Readonly<Record<string, number>> },
  ctx: z.RefinementCtx,
) {
  const molecules = value.molecules ?? {};
  if (!Object.keys(value.exact_energies ?? {}).every((key) => Object.hasOwn(molecules, key))) {
    ctx.addIssue({ code: 'custom', path: ['exact_energies'], message: MOLECULE_ENERGY_MISMATCH_MESSAGE });
  }
}

const oneOf = (field: string, options: readonly string[]) => `${field} must be one of: ${options.join(', ')}`;
export const basis = z.enum(BASIS_OPTIONS, { message: oneOf('basis', BASIS_OPTIONS) });
export const ansatz = z.enum(ANSATZ_OPTIONS, { message: oneOf('ansatz', ANSATZ_OPTIONS) });
export const ansatzEntanglement = z.enum(ENTANGLEMENT_OPTIONS, {
  message: oneOf('ansatz_entanglement', ENTANGLEMENT_OPTIONS),
});

/**
 * AWS's tag limits: keys 1-128 characters, values up to 256, at most 50 tags a resource, of which the server
 * takes one (JOB_ID_TAG) and AWS keeps the `aws:` prefix for itself.
 */
export const jobTags = z
  .record(z.string().min(1).max(128), z.string().max(256))
  .refine(
    (tags) => Object.keys(tags).length <= MAX_USER_TAGS,
    `At most ${MAX_USER_TAGS} tags (AWS allows 50 and the server adds ${JOB_ID_TAG})`,
  )
  .refine(
    (tags) => Object.keys(tags).every((key) => key !== JOB_ID_TAG && !key.toLowerCase().startsWith('aws:')),
    `Tag keys ${JOB_ID_TAG} and those starting with aws: are reserved`,
  );

/** Hyperparameters as Braket carries them: strings, at most 100 entries of at most 2500 characters. */
export const hyperparameterMap = z
  .record(z.string().min(1).max(256), z.string().max(HYPERPARAMETER_VALUE_MAX_LENGTH))
  .refine(
    (map) => Object.keys(map).length <= HYPERPARAMETER_MAX_ENTRIES,
    `At most ${HYPERPARAMETER_MAX_ENTRIES} hyperparameters`,
  );

/** The API's timestamps: ISO 8601 with a zone. */
export const isoTimestamp = z.iso.datetime({ offset: true });

export const JOB_NAME_MAX_LENGTH = 128;
export const JOB_NAME_MESSAGE = `job_name must be 1-${JOB_NAME_MAX_LENGTH} printable characters`;

/**
 * A job's name as its owner chooses it (issue 11 §6): 1-128 characters, counted as code points, none of them
 * a control character, and not only spaces.
 */
export const jobName = z
  .string({ message: JOB_NAME_MESSAGE })
  .refine(
    (name) => [...name].length <= JOB_NAME_MAX_LENGTH && /\S/u.test(name) && !/\p{Cc}/u.test(name),
    JOB_NAME_MESSAGE,
  );

/**
 * Not in the spec (issue 24 §5): the job's time limit in seconds, after which it ends FAILED. Absent: the
 * server's default (JOB_MAX_RUNTIME_DEFAULT_S); the server also refuses one above its ceiling.
 */
export const maxRuntime = integerInRange('max_runtime', MIN_RUNTIME_S, MAX_RUNTIME_S).optional();

/** The HI-VQE settings both create payloads carry under the same names. */
export const hivqeSettingsShape = {
  shots: integerInRange('shots', 1, MAX_SHOTS),
  /** Optional, neutral (0) when absent: the molecule's net charge; closed-shell singlets only. */
  charge: integerInRange('charge', -MAX_CHARGE, MAX_CHARGE).optional(),
  active_orbitals: orbitalList('active_orbitals', 1),
  frozen_orbitals: orbitalList('frozen_orbitals', 0),
  basis,
  ansatz,
  ansatz_entanglement: ansatzEntanglement,
  ansatz_reps: integerInRange('ansatz_reps', 1, MAX_ANSATZ_REPS),
  configuration_recovery: z.boolean({ message: 'configuration_recovery must be true or false' }),
  amplitude_screening_tolerance: tolerance('amplitude_screening_tolerance'),
  convergence_count: integerInRange('convergence_count', 0, MAX_CONVERGENCE_COUNT),
  convergence_abstol: tolerance('convergence_abstol'),
  reset_convergence_count: z.boolean({ message: 'reset_convergence_count must be true or false' }),
  /**
   * Not in the spec (issue 30 §3): true asks the engine for the exact (CASCI) reference of every molecule,
   * refused when a molecule's space is above the engine's CASCI limit. Absent or false: the engine computes
   * it only when the job gives no exact energy and the full space fits within max_states.
   */
  compute_reference: z.boolean({ message: 'compute_reference must be true or false' }).optional(),
};

const MAX_RESULTS_MESSAGE = `max_results must be a whole number from 1 to ${JOB_API_MAX_PAGE_SIZE}`;
/** A list call's page size, from the query string. */
export const maxResults = z.coerce
  .number({ message: MAX_RESULTS_MESSAGE })
  .int(MAX_RESULTS_MESSAGE)
  .min(1, MAX_RESULTS_MESSAGE)
  .max(JOB_API_MAX_PAGE_SIZE, MAX_RESULTS_MESSAGE)
  .default(JOB_API_DEFAULT_PAGE_SIZE);
export const nextToken = z.string().min(1).max(2048).optional();

export const JOB_ARN_MESSAGE =
  'job_arn must be a job ARN such as arn:aws:braket:us-east-1:123456789012:job/name';
/** arn:{partition}:braket:{region}:{12-digit account}:job/{name or id}. */
export const jobArn = z
  .string({ message: JOB_ARN_MESSAGE })
  .max(256, JOB_ARN_MESSAGE)
  .regex(
    /^arn:aws[a-z-]*:braket:[a-z]{2}(-[a-z]+)+-\d:\d{12}:job\/[A-Za-z0-9][A-Za-z0-9._/-]*$/,
    JOB_ARN_MESSAGE,
  );
