import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  BRAKET_OUTPUT_ARCHIVE,
  BRAKET_RESULTS_FILE,
  braketJobResults,
  type BraketRunResult,
} from '@hivqe/contract';
import { extract } from 'tar-stream';

/**
 * Reads what a completed Braket hybrid job left: Braket packs the job's results directory into
 * `<outputDataConfig.s3Path>/output/model.tar.gz`, and Braket's SDK (`AwsQuantumJob.result()`) reads
 * `results.json` from the archive's top level. The archive is gunzipped in memory (bounded: a results file is
 * kilobytes; an archive beyond the bounds is refused rather than read) and walked with tar-stream.
 */

/** The largest archive fetched: the job program writes results.json and nothing else. */
export const MAX_ARCHIVE_BYTES = 32 * 1024 * 1024;
/** The largest the archive may unpack to (a gzip bomb stops here) and results.json may be. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

export type JobOutput = { ok: true; run: BraketRunResult } | { ok: false; reason: string };

const unzip = promisify(gunzip);

/** The archive's bucket and key under the job's output prefix (`s3://bucket/prefix`). */
export function archiveLocation(s3Path: string): { bucket: string; key: string; uri: string } | null {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(s3Path);
  if (!match) return null;
  const prefix = match[2].replace(/\/+$/, '');
  const key = prefix ? `${prefix}/${BRAKET_OUTPUT_ARCHIVE}` : BRAKET_OUTPUT_ARCHIVE;
  return { bucket: match[1], key, uri: `s3://${match[1]}/${key}` };
}

/** The run inside an output archive's bytes, or why it cannot be had; `uri` names the archive in reasons. */
export async function runFromArchive(archive: Uint8Array, uri: string): Promise<JobOutput> {
  let tar: Buffer;
  try {
    tar = await unzip(archive, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (error) {
    return unreadable(
      uri,
      error instanceof RangeError ? 'it unpacks to more than 64 MiB' : 'it is not gzip data',
    );
  }
  let text: string | undefined;
  try {
    text = await fileInTar(tar, BRAKET_RESULTS_FILE);
  } catch {
    return unreadable(uri, 'it holds no readable tar archive');
  }
  if (text === undefined) {
    return { ok: false, reason: `The job's output archive ${uri} holds no ${BRAKET_RESULTS_FILE}.` };
  }
  return runFromResultsFile(text, uri);
}

/** results.json as the job program writes it: Braket's persisted-job-data document around the run. */
export function runFromResultsFile(text: string, uri: string): JobOutput {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return notResults(uri, 'it is not JSON');
  }
  const parsed = braketJobResults.safeParse(document);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue.path.length > 0 ? issue.path.join('.') : 'the document';
    return notResults(uri, `${where}: ${issue.message}`);
  }
  return { ok: true, run: parsed.data.dataDictionary };
}

/** The text of a top-level regular file of the tar (`name` or `./name`), or undefined when it has none. */
async function fileInTar(tar: Buffer, name: string): Promise<string | undefined> {
  const entries = extract();
  entries.end(tar);
  for await (const entry of entries) {
    const found = entry.header.type === 'file' && entry.header.name.replace(/^\.\//, '') === name;
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) if (found) chunks.push(chunk);
    if (found) return Buffer.concat(chunks).toString('utf8');
  }
  return undefined;
}

const unreadable = (uri: string, why: string): JobOutput => ({
  ok: false,
  reason: `The job's output archive ${uri} cannot be read: ${why}.`,
});

const notResults = (uri: string, why: string): JobOutput => ({
  ok: false,
  reason: `${BRAKET_RESULTS_FILE} in the job's output archive ${uri} is not a HI-VQE result (${why}).`,
});
