import { z } from 'zod';
import { leadingDeterminant } from './job-result.ts';
import { energyDataPoint } from './monitor-schemas.ts';

/**
 * What the HI-VQE program inside an Amazon Braket hybrid job leaves in AMZN_BRAKET_JOB_RESULTS_DIR, and
 * the console reads back from the job's output archive. The file is Braket's own persisted-job-data
 * document (what the SDK's `save_job_result` writes), so Braket's SDK reads it too; its data dictionary is
 * the engine's run, in the fields a local job stores.
 */
export const BRAKET_RESULTS_FILE = 'results.json';
/** Braket packs the results directory into this archive under the job's outputDataConfig.s3Path. */
export const BRAKET_OUTPUT_ARCHIVE = 'output/model.tar.gz';
export const BRAKET_PERSISTED_DATA_SCHEMA = 'braket.jobs_data.persisted_job_data';

const count = z.number().int().min(0);

export const braketRunResult = z.object({
  geometry_tag: z.string().nullable(),
  molecule_geometry: z.string(),
  /** The user's exact energy when the job gave one. */
  exact_energy: z.number().nullable(),
  energy: z.number(),
  e_rhf: z.number(),
  e_nuc: z.number(),
  /** null when the active space was above the engine's CASCI limit or the job asked for none. */
  e_casci: z.number().nullable(),
  num_states: count,
  full_space_size: count.nullable(),
  provenance: z.object({ sampled: count, recovered: count, handover: count }),
  iterations: count,
  seconds: z.number().min(0),
  reference_seconds: z.number().min(0).nullable(),
  /** Why e_casci is null, in the engine's words; absent from job images built before it was written. */
  reference_skip_reason: z.string().nullable().optional(),
  /** The final state's heaviest determinants; absent from job images built before they were written. */
  leading_determinants: z.array(leadingDeterminant).optional(),
  /** The final energy with its second-order correction; absent from job images built before it was written. */
  perturbative_estimate: z.number().nullable().optional(),
  cpu_seconds: z.number().min(0).nullable(),
  /** Every iteration, as the chart reads it. */
  history: z.array(energyDataPoint),
  /** Quantum tasks the run created on the job's device, in order. */
  quantum_tasks: z.array(z.string()),
});
export type BraketRunResult = z.infer<typeof braketRunResult>;

export const braketJobResults = z.object({
  braketSchemaHeader: z.object({ name: z.literal(BRAKET_PERSISTED_DATA_SCHEMA), version: z.literal('1') }),
  dataDictionary: braketRunResult,
  dataFormat: z.literal('plaintext'),
});
export type BraketJobResults = z.infer<typeof braketJobResults>;
