import { gzipSync } from 'node:zlib';
import {
  BRAKET_PERSISTED_DATA_SCHEMA,
  BRAKET_RESULTS_FILE,
  type BraketJobResults,
  type BraketRunResult,
} from '@hivqe/contract';
import { pack } from 'tar-stream';

/** A HI-VQE run of H2 as the job program writes it into results.json's data dictionary. */
export function h2Run(changes: Partial<BraketRunResult> = {}): BraketRunResult {
  return {
    geometry_tag: null,
    molecule_geometry: 'H 0 0 0; H 0 0 0.735',
    exact_energy: -1.137283834,
    energy: -1.1372838,
    e_rhf: -1.1167593,
    e_nuc: 0.7199689,
    e_casci: -1.1372838,
    num_states: 4,
    full_space_size: 4,
    provenance: { sampled: 2, recovered: 1, handover: 1 },
    iterations: 2,
    seconds: 3.5,
    reference_seconds: 0.01,
    cpu_seconds: 3.1,
    history: [
      {
        costFunctionCall: 1,
        energy: -1.13,
        error: 0.0073,
        numStates: 2,
        timestamp: '2026-11-28T07:00:01.000Z',
      },
      {
        costFunctionCall: 2,
        energy: -1.1372838,
        error: 0,
        numStates: 4,
        timestamp: '2026-11-28T07:00:02.000Z',
      },
    ],
    quantum_tasks: [
      'arn:aws:braket:us-east-1:123456789012:quantum-task/0b6c4c9e-1111-2222-3333-444455556666',
    ],
    ...changes,
  };
}

/** results.json around `run`: Braket's persisted-job-data document. */
export const resultsDocument = (run: BraketRunResult = h2Run()): BraketJobResults => ({
  braketSchemaHeader: { name: BRAKET_PERSISTED_DATA_SCHEMA, version: '1' },
  dataDictionary: run,
  dataFormat: 'plaintext',
});

/** A gzipped tar of `files` (name → content), as Braket packs a job's results directory. */
export async function tarGz(files: Record<string, string>): Promise<Buffer> {
  const archive = pack();
  for (const [name, content] of Object.entries(files)) archive.entry({ name }, content);
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive as AsyncIterable<Buffer>) chunks.push(chunk);
  return gzipSync(Buffer.concat(chunks));
}

/** The output archive of a job that saved `run`. */
export const outputArchive = (run: BraketRunResult = h2Run()) =>
  tarGz({ [BRAKET_RESULTS_FILE]: JSON.stringify(resultsDocument(run)) });
