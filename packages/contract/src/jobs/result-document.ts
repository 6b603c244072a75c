import { z } from 'zod';
import { JOB_BACKEND_NAMES } from './back-ends.ts';
import { isoTimestamp } from './fields.ts';
import { chemicalSpecification, leadingDeterminant, REFERENCE_SOURCES } from './job-result.ts';
import { jobStatus } from './statuses.ts';

/**
 * The result document a job's "Result (JSON)" download holds (issue 30 §4): what a paper or a notebook needs
 * to cite the run, with typed values and every number's unit named in `units` (and in the field's
 * description in docs/result-document.schema.json, generated from this schema). Its version changes when a
 * field is removed or changes meaning; new optional fields keep it.
 */
export const RESULT_DOCUMENT_VERSION = 1;
export const RESULT_DOCUMENT_KIND = 'hivqe.result';

/** The unit of each kind of number in the document; field descriptions say which kind a number is. */
export const RESULT_UNITS = {
  energy: 'Ha',
  energy_error: 'mHa',
  length: 'Å',
  time: 's',
} as const;

const count = z.number().int().min(0);
const hartree = (what: string) => z.number().describe(`${what} (Ha)`);
const seconds = (what: string) => z.number().min(0).nullable().describe(`${what} (s)`);
/** A hyperparameter as its kind reads it: text, number, boolean or a list of orbital indices. */
const parameterValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.number())]);

const atom = z.object({
  element: z.string(),
  x: z.number().describe('Å'),
  y: z.number().describe('Å'),
  z: z.number().describe('Å'),
});

const documentMolecule = z.object({
  geometry_tag: z.string().nullable().describe('The bond-length key the molecule was created under (Å)'),
  /** The geometry as the job gave it, and as atoms with Cartesian coordinates. */
  geometry_text: z.string(),
  geometry: z
    .array(atom)
    .nullable()
    .describe('Cartesian coordinates (Å); null when the text is not El x y z'),
  specification: chemicalSpecification.nullable(),
  energies: z
    .object({
      final: hartree('HI-VQE energy of the final subspace'),
      rhf: hartree('Restricted Hartree-Fock energy'),
      nuclear_repulsion: hartree('Nuclear repulsion energy'),
      casci: hartree('CASCI (full CI in the active space)').nullable(),
    })
    .nullable()
    .describe('null until the engine has finished the molecule'),
  rhf_energy: hartree('Restricted Hartree-Fock energy')
    .nullable()
    .optional()
    .describe(
      'RHF energy (Ha), known once RHF has converged, before the molecule finishes; absent in older documents',
    ),
  reference: z.object({ energy: hartree('Reference energy'), source: z.enum(REFERENCE_SOURCES) }).nullable(),
  reference_skip_reason: z.string().nullable(),
  perturbative_estimate: z
    .number()
    .nullable()
    .optional()
    .describe(
      'Final energy with its second-order perturbative correction (Ha): an estimate of the exact energy, not a bound; absent in older documents',
    ),
  error_mha: z.number().nullable().describe('final − reference (mHa)'),
  within_chemical_accuracy: z.boolean().nullable().describe('|error| ≤ 1.6 mHa'),
  subspace_size: count.nullable().describe('Determinants of the final subspace'),
  full_space_size: count.nullable().describe("Determinants of the active space's full CI"),
  subspace_fraction: z.number().min(0).max(1).nullable(),
  leading_determinants: z
    .array(leadingDeterminant)
    .nullable()
    .describe('Determinants of largest weight, heaviest first; occupations lowest active orbital first'),
  string_sources: z.object({ sampled: count, recovered: count, handover: count }).nullable(),
  iterations: count.nullable(),
  engine_seconds: seconds('Engine wall time'),
  reference_seconds: seconds('CASCI wall time within engine_seconds'),
  cpu_seconds: seconds('CPU time of the engine thread'),
});

const documentIteration = z.object({
  iteration: z.number().int().min(1),
  cost_function_call: count,
  energy: hartree('Subspace energy'),
  error_mha: z.number().nullable().describe('energy − reference (mHa); null when no reference is known'),
  subspace_size: count,
  timestamp: isoTimestamp,
});

export const resultDocument = z
  .object({
    kind: z.literal(RESULT_DOCUMENT_KIND),
    version: z.literal(RESULT_DOCUMENT_VERSION),
    units: z.object({
      energy: z.literal(RESULT_UNITS.energy),
      energy_error: z.literal(RESULT_UNITS.energy_error),
      length: z.literal(RESULT_UNITS.length),
      time: z.literal(RESULT_UNITS.time),
    }),
    job: z.object({
      arn: z.string(),
      name: z.string(),
      status: jobStatus,
      failure_reason: z.string().nullable(),
      result_unavailable_reason: z.string().nullable(),
      backend: z.enum(JOB_BACKEND_NAMES),
      device: z.string(),
      simulated_locally: z.boolean(),
      shots_per_circuit: count.nullable(),
    }),
    engine: z.object({ name: z.string(), version: z.string() }),
    input: z.object({
      sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .describe('SHA-256 of `hyperparameters` as JSON with sorted keys and no spaces'),
      hyperparameters: z.record(z.string(), z.string()).describe('As the job carries them (strings)'),
    }),
    parameters: z
      .record(z.string(), parameterValue)
      .describe('The hyperparameters the console knows, typed (numbers, booleans, orbital lists)'),
    molecules: z.array(documentMolecule),
    history: z.array(documentIteration),
    timings: z.object({
      created_at: isoTimestamp,
      started_at: isoTimestamp.nullable(),
      ended_at: isoTimestamp.nullable(),
      wall_seconds: seconds('From start to end'),
      engine_seconds: seconds('Engine time summed over the finished molecules'),
      cpu_seconds: seconds('Engine CPU time summed over the finished molecules'),
    }),
  })
  .describe(`HI-VQE result document, version ${RESULT_DOCUMENT_VERSION}`);
export type ResultDocument = z.infer<typeof resultDocument>;

/**
 * docs/result-document.schema.json: the document's JSON Schema (draft-07, which most validators read), with
 * an $id that names the version. Written by `npm run result-schema -w packages/contract`; a test keeps the
 * file equal to this.
 */
export function resultDocumentJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(resultDocument, { target: 'draft-7', io: 'output' });
  return {
    ...schema,
    $id: `https://hivqe.example/schemas/result-document/v${RESULT_DOCUMENT_VERSION}.json`,
    title: `HI-VQE result document v${RESULT_DOCUMENT_VERSION}`,
  };
}
