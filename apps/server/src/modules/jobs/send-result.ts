import {
  HISTORY_CSV_TYPE,
  historyCsv,
  historyFileName,
  resultFileName,
  resultJson,
  type JobResultDocument,
  type ResultFormat,
} from '@hivqe/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A job's result as the caller asked: `format=json` or `format=csv` is the file the console's Download saves,
 * byte for byte; without `format`, `Accept: text/csv` (preferred over JSON) is the CSV, and anything else the
 * API's JSON answer.
 */
export function sendResult(
  request: FastifyRequest,
  reply: FastifyReply,
  format: ResultFormat | undefined,
  result: JobResultDocument,
) {
  const wanted = format ?? (prefersCsv(request.headers.accept) ? 'csv' : undefined);
  if (wanted === undefined) return result;
  const [name, type, body] =
    wanted === 'csv'
      ? [historyFileName(result), HISTORY_CSV_TYPE, historyCsv(result)]
      : [
          resultFileName(result),
          'application/json; charset=utf-8',
          // The API's answer as the console receives it (the route's serializer decides the key order), saved
          // as the console saves it.
          resultJson(JSON.parse(String(reply.serialize(result))) as JobResultDocument),
        ];
  return sendFile(reply, name, type, body);
}

/** A download: `name` holds only [A-Za-z0-9._-] (the contract's file names), so nothing to quote or encode. */
export const sendFile = (reply: FastifyReply, name: string, type: string, body: string) =>
  reply.type(type).header('content-disposition', `attachment; filename="${name}"`).send(body);

/** text/csv is acceptable and ranked at least as high as JSON (RFC 9110 §12.5.1 quality values). */
export function prefersCsv(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const quality = new Map<string, number>();
  for (const range of accept.split(',')) {
    const [type, ...params] = range.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    quality.set(type.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const csv = quality.get('text/csv') ?? 0;
  return csv > 0 && csv >= (quality.get('application/json') ?? 0);
}
