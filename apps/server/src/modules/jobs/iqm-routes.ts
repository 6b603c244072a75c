import {
  createIqmJobRequest,
  createIqmJobResponse,
  iqmJob,
  iqmJobListQuery,
  iqmJobListResponse,
  iqmJobParams,
  iqmJobResultQuery,
  idempotentCreateHeaders,
  jobResultDocument,
  JOB_PATHS,
} from '@hivqe/contract';
import { serializedOnce } from '../../lib/serialized-once.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import { sendCreated } from '../idempotency/send-created.ts';
import type { JobsService } from './service.ts';
import { sendResult } from './send-result.ts';

export interface IqmJobsRoutesDeps {
  jobs: JobsService;
  /** The IQM page is for system administrators only (jobs.md 6), and so are its calls. */
  requireAdmin: Guard;
}

/** The IQM panel's calls (jobs.md 7); on this machine its jobs run on the local engine too. */
export const iqmJobsRoutes =
  ({ jobs, requireAdmin }: IqmJobsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['iqm jobs'];
    // Pages come from the job list cache: the same page object is written out once.
    const sendPage = serializedOnce();
    app.get(
      JOB_PATHS.iqmJobs,
      {
        onRequest: requireAdmin,
        schema: { tags, querystring: iqmJobListQuery, response: { 200: iqmJobListResponse } },
      },
      async (request, reply) => sendPage(reply, await jobs.listIqm(principalOf(request).user, request.query)),
    );
    app.get(
      `${JOB_PATHS.iqmJobs}/:id`,
      { onRequest: requireAdmin, schema: { tags, params: iqmJobParams, response: { 200: iqmJob } } },
      async (request) => jobs.iqmJob(principalOf(request).user, request.params.id),
    );
    app.get(
      `${JOB_PATHS.iqmJobs}/:id/result`,
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          params: iqmJobParams,
          querystring: iqmJobResultQuery,
          response: { 200: jobResultDocument },
        },
      },
      async (request, reply) =>
        sendResult(
          request,
          reply,
          request.query.format,
          await jobs.iqmResult(principalOf(request).user, request.params.id),
        ),
    );
    app.post(
      JOB_PATHS.iqmJobs,
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          headers: idempotentCreateHeaders,
          body: createIqmJobRequest,
          response: { 201: createIqmJobResponse },
        },
      },
      async (request, reply) =>
        sendCreated(
          reply,
          await jobs.createIqm(actorOf(request), request.body, request.headers['idempotency-key']),
        ),
    );
  };
