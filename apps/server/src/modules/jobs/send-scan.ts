import {
  HISTORY_CSV_TYPE,
  scanCurveCsv,
  scanCurveFileName,
  scanCurveJson,
  type ResultFormat,
  type ScanResponse,
} from '@hivqe/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { prefersCsv, sendFile } from './send-result.ts';

/**
 * A scan as the caller asked, as a job's result is (send-result.ts): `format=csv|json` (or `Accept: text/csv`)
 * is the curve file the console's scan view saves, byte for byte; otherwise the API's JSON answer.
 */
export function sendScan(
  request: FastifyRequest,
  reply: FastifyReply,
  format: ResultFormat | undefined,
  scan: ScanResponse,
) {
  const wanted = format ?? (prefersCsv(request.headers.accept) ? 'csv' : undefined);
  if (wanted === undefined) return scan;
  return wanted === 'csv'
    ? sendFile(reply, scanCurveFileName(scan, 'csv'), HISTORY_CSV_TYPE, scanCurveCsv(scan))
    : sendFile(
        reply,
        scanCurveFileName(scan, 'json'),
        'application/json; charset=utf-8',
        scanCurveJson(scan),
      );
}
