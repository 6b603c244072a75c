import { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { BraketRunResult } from '@hivqe/contract';
import type { StoredRunResult } from '../../../db/schema/jobs.ts';
import type { EnergyPoint } from '../backend.ts';
import { awsHttpError } from './aws-errors.ts';
import { archiveLocation, MAX_ARCHIVE_BYTES, runFromArchive, type JobOutput } from './job-output-archive.ts';

const MISSING = ['NoSuchKey', 'NotFound'];
const DENIED = ['AccessDenied', 'Forbidden', 'AllAccessDisabled', 'InvalidObjectState'];

/**
 * A completed job's run, read from its output archive in S3 with the assumed role's client; when it cannot be
 * had, the reason says what is wrong and what to do, in words fit for the result card. Nothing here is
 * stored: an archive that appears later, or a role that is granted access, is read on the next request.
 */
export async function fetchJobOutput(s3: S3Client, s3Path: string | undefined): Promise<JobOutput> {
  const location = s3Path === undefined ? null : archiveLocation(s3Path);
  if (!location)
    return { ok: false, reason: 'The job has no output location in S3 to read its results from.' };
  const { bucket, key, uri } = location;
  let bytes: Uint8Array;
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if ((answer.ContentLength ?? 0) > MAX_ARCHIVE_BYTES) {
      // Frees the connection instead of leaving the unread body on it.
      if (answer.Body instanceof Readable) answer.Body.destroy();
      return { ok: false, reason: `The job's output archive ${uri} is larger than 32 MiB; it is not read.` };
    }
    if (!answer.Body) return { ok: false, reason: `S3 answered no content for ${uri}.` };
    bytes = await answer.Body.transformToByteArray();
  } catch (error) {
    return { ok: false, reason: s3Reason(error, bucket, uri) };
  }
  return runFromArchive(bytes, uri);
}

function s3Reason(error: unknown, bucket: string, uri: string): string {
  const name = error instanceof Error ? error.name : '';
  if (MISSING.includes(name)) {
    return `The job's output archive ${uri} does not exist: the job saved no results, or the file was removed.`;
  }
  if (name === 'NoSuchBucket') return `The job's output bucket ${bucket} does not exist.`;
  if (DENIED.includes(name)) {
    return `Your access role may not read ${uri}: allow it s3:GetObject on the bucket ${bucket}.`;
  }
  return `The job's results could not be read from ${uri}: ${awsHttpError(error, 'job output').message}`;
}

/** The run as the jobs module stores a local engine's computation. */
export function storedRun(run: BraketRunResult): StoredRunResult {
  return {
    geometryTag: run.geometry_tag,
    moleculeGeometry: run.molecule_geometry,
    exactEnergy: run.exact_energy,
    energy: run.energy,
    eRhf: run.e_rhf,
    eNuc: run.e_nuc,
    eCasci: run.e_casci,
    numStates: run.num_states,
    provenance: run.provenance,
    iterations: run.iterations,
    seconds: run.seconds,
    referenceSeconds: run.reference_seconds,
    referenceSkipReason: run.reference_skip_reason ?? null,
    leadingDeterminants: run.leading_determinants ?? null,
    perturbativeEstimate: run.perturbative_estimate ?? null,
    fullSpaceSize: run.full_space_size,
    cpuSeconds: run.cpu_seconds,
  };
}

/** The run's iteration history as the chart's points. */
export const runPoints = (run: BraketRunResult): EnergyPoint[] =>
  run.history.map((point) => ({ ...point, timestamp: new Date(point.timestamp) }));
