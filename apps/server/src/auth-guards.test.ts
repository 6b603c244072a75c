import { describe, expect, it } from 'vitest';
import { apiOperations, fillPath, operationName } from '../test/api-operations.ts';
import { appPerTest } from '../test/app-per-test.ts';
import type { TestApp } from '../test/harness.ts';

/**
 * The routes anyone may call without signing in. Every other route of the API must refuse an anonymous caller
 * with 401 before it parses or validates anything, so a new route is protected unless it is added here.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/v1/health',
  'GET /api/v1/health/live',
  'GET /api/v1/health/ready',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/confirm-email',
  'POST /api/v1/auth/resend-confirmation',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/complete-new-password',
  'POST /api/v1/auth/refresh',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/confirm-forgot-password',
  'POST /api/v1/auth/reset-password-with-link',
  'POST /api/v1/auth/invites/lookup',
  'POST /api/v1/auth/invites/accept',
  'POST /api/v1/marketplace/register',
]);

/** Bodies no route accepts: one the JSON parser refuses, one every object schema refuses. */
const MALFORMED_BODIES = ['{"truncated":', '[]'];

let t: TestApp;
appPerTest((current) => ({ t } = current));

describe('protected routes', () => {
  it('answer an anonymous caller 401 before parsing or validating the body, params or query', async () => {
    const guarded = apiOperations(t.app).filter((operation) => !PUBLIC_ROUTES.has(operationName(operation)));
    expect(guarded.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const operation of guarded) {
      const query = operation.queryParams.map((parameter) => `${parameter.name}=%00-1x`).join('&');
      const url = fillPath(operation, () => '\u0000not-an-id') + (query ? `?${query}` : '');
      for (const payload of operation.method === 'GET' ? [undefined] : MALFORMED_BODIES) {
        const response = await t.app.inject({
          method: operation.method,
          url,
          ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
        });
        answers.push(`${operationName(operation)} ${payload ?? ''} -> ${response.statusCode}`);
      }
    }
    expect(answers.filter((answer) => !answer.endsWith('-> 401'))).toEqual([]);
  });

  it('answer a caller with a forged token 401 the same way', async () => {
    const forged = apiOperations(t.app).filter(
      (operation) => !PUBLIC_ROUTES.has(operationName(operation)) && operation.body !== undefined,
    );
    for (const operation of forged) {
      const response = await t.app.inject({
        method: operation.method,
        url: fillPath(operation, () => 'x'),
        headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.token' },
        payload: '[]',
      });
      expect(response.statusCode, operationName(operation)).toBe(401);
    }
  });
});
