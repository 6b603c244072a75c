import { IDEMPOTENCY_KEY_HEADER, JOB_PATHS } from '@hivqe/contract';
import type { FastifyInstance } from 'fastify';
import { bearer } from './auth-flows.ts';
import type { TestUser } from './org-flows.ts';

/** POSTs a create as `user` with an Idempotency-Key (absent when `key` is undefined). */
export function postWithKey(
  app: FastifyInstance,
  user: TestUser,
  payload: object,
  key: string | undefined,
  path: string = JOB_PATHS.hybridJobs,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    payload,
    headers: { ...bearer(user.token), ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
  });
}
