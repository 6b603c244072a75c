import { JOB_PATHS, cancelScanResponse, scanDownloadQuery, scanQuery, scanResponse } from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import type { ScansService } from './scans-service.ts';
import { sendScan } from './send-scan.ts';

export interface ScansRoutesDeps {
  scans: ScansService;
  requireUser: Guard;
}

/** A bond scan's calls (issue 11 §3), by the scan_id query parameter. */
export const scansRoutes =
  ({ scans, requireUser }: ScansRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['hybrid jobs'];
    app.get(
      JOB_PATHS.hybridJobScan,
      {
        onRequest: requireUser,
        schema: { tags, querystring: scanDownloadQuery, response: { 200: scanResponse } },
      },
      async (request, reply) =>
        sendScan(
          request,
          reply,
          request.query.format,
          await scans.read(principalOf(request).user, request.query.scan_id),
        ),
    );
    app.post(
      JOB_PATHS.hybridJobScanCancel,
      {
        onRequest: requireUser,
        schema: { tags, querystring: scanQuery, response: { 200: cancelScanResponse } },
      },
      async (request) => scans.cancel(actorOf(request), request.query.scan_id),
    );
  };
