import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineResult, HiVqeParams } from '@hivqe/engine';
import {
  BRAKET_PERSISTED_DATA_SCHEMA,
  BRAKET_RESULTS_FILE,
  braketJobResults,
  type BraketJobResults,
} from '@hivqe/contract';

export interface FinishedRun {
  params: HiVqeParams;
  geometryTag: string | null;
  result: EngineResult;
  cpuSeconds: number;
  quantumTasks: string[];
}

/** The run as the console's result document reads it (packages/contract, braket-job-output.ts). */
export function jobResults(run: FinishedRun): BraketJobResults {
  const { result, params } = run;
  return braketJobResults.parse({
    braketSchemaHeader: { name: BRAKET_PERSISTED_DATA_SCHEMA, version: '1' },
    dataDictionary: {
      geometry_tag: run.geometryTag,
      molecule_geometry: params.moleculeGeometry,
      exact_energy: params.exactEnergy,
      energy: result.energy,
      e_rhf: result.eRhf,
      e_nuc: result.eNuc,
      e_casci: result.eCasci,
      num_states: result.numStates,
      full_space_size: result.fullSpaceSize,
      provenance: result.provenance,
      iterations: result.iterations,
      seconds: result.seconds,
      reference_seconds: result.referenceSeconds,
      reference_skip_reason: result.referenceSkipReason,
      leading_determinants: result.leadingDeterminants,
      perturbative_estimate: result.perturbativeEstimate,
      cpu_seconds: run.cpuSeconds,
      history: result.history.map((point) => ({
        ...point,
        error: Number.isNaN(point.error) ? null : point.error,
      })),
      quantum_tasks: run.quantumTasks,
    },
    dataFormat: 'plaintext',
  });
}

/** Writes results.json into the results directory Braket packs into the job's output archive. */
export function writeJobResults(dir: string, results: BraketJobResults): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, BRAKET_RESULTS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(results));
  renameSync(temporary, file);
  return file;
}
