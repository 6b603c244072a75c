import {
  cancelHybridJobResponse,
  createHybridJobRequest,
  createHybridJobResponse,
  hybridJob,
  hybridJobDetailQuery,
  hybridJobDetailResponse,
  hybridJobHeaders,
  hybridJobListQuery,
  hybridJobListResponse,
  hybridJobLogsResponse,
  hybridJobMetricsResponse,
  hybridJobQuery,
  hybridJobResultQuery,
  idempotentCreateHeaders,
  jobResultDocument,
  JOB_PATHS,
} from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import { sendCreated } from '../idempotency/send-created.ts';
import { serializedOnce } from '../../lib/serialized-once.ts';
import type { JobsService } from './service.ts';
import { sendResult } from './send-result.ts';

export interface JobsRoutesDeps {
  jobs: JobsService;
  requireUser: Guard;
}

/** The cloud hybrid-job calls (jobs.md 7); the by-ARN calls take the job_arn query parameter. */
export const hybridJobsRoutes =
  ({ jobs, requireUser }: JobsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['hybrid jobs'];
    // Pages come from the job list cache: the same page object is written out once.
    const sendPage = serializedOnce();
    app.get(
      JOB_PATHS.hybridJobs,
      {
        onRequest: requireUser,
        schema: { tags, querystring: hybridJobListQuery, response: { 200: hybridJobListResponse } },
      },
      async (request, reply) =>
        sendPage(reply, await jobs.listHybrid(principalOf(request).user, request.query)),
    );
    app.post(
      JOB_PATHS.hybridJobs,
      {
        onRequest: requireUser,
        schema: {
          tags,
          headers: idempotentCreateHeaders,
          body: createHybridJobRequest,
          response: { 201: createHybridJobResponse },
        },
      },
      async (request, reply) =>
        sendCreated(
          reply,
          await jobs.createHybrid(actorOf(request), request.body, request.headers['idempotency-key']),
        ),
    );
    app.get(
      JOB_PATHS.hybridJob,
      {
        onRequest: requireUser,
        schema: {
          tags,
          querystring: hybridJobQuery,
          headers: hybridJobHeaders,
          response: { 200: hybridJob },
        },
      },
      async (request) =>
        jobs.hybridJob(
          principalOf(request).user,
          request.query.job_arn,
          request.headers['x-force-refresh'] === 'true',
        ),
    );
    app.get(
      JOB_PATHS.hybridJobDetail,
      {
        onRequest: requireUser,
        schema: { tags, querystring: hybridJobDetailQuery, response: { 200: hybridJobDetailResponse } },
      },
      async (request) => jobs.detail(principalOf(request).user, request.query.job_arn),
    );
    app.post(
      JOB_PATHS.hybridJobCancel,
      {
        onRequest: requireUser,
        schema: { tags, querystring: hybridJobQuery, response: { 200: cancelHybridJobResponse } },
      },
      async (request) => jobs.cancel(actorOf(request), request.query.job_arn),
    );
    app.get(
      JOB_PATHS.hybridJobLogs,
      {
        onRequest: requireUser,
        schema: { tags, querystring: hybridJobQuery, response: { 200: hybridJobLogsResponse } },
      },
      async (request) => jobs.logs(principalOf(request).user, request.query.job_arn),
    );
    app.get(
      JOB_PATHS.hybridJobMetrics,
      {
        onRequest: requireUser,
        schema: { tags, querystring: hybridJobQuery, response: { 200: hybridJobMetricsResponse } },
      },
      async (request) => jobs.metrics(principalOf(request).user, request.query.job_arn),
    );
    app.get(
      JOB_PATHS.hybridJobResult,
      {
        onRequest: requireUser,
        schema: { tags, querystring: hybridJobResultQuery, response: { 200: jobResultDocument } },
      },
      async (request, reply) =>
        sendResult(
          request,
          reply,
          request.query.format,
          await jobs.result(principalOf(request).user, request.query.job_arn),
        ),
    );
  };
