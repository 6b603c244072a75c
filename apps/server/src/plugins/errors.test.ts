import { readFile } from 'node:fs/promises';
import { API_ERROR_CODES, apiError } from '@hivqe/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiOperations } from '../../test/api-operations.ts';
import { appPerTest } from '../../test/app-per-test.ts';
import { bearer } from '../../test/auth-flows.ts';
import type { TestApp } from '../../test/harness.ts';
import { makeUser } from '../../test/org-flows.ts';

let t: TestApp;
appPerTest((current) => ({ t } = current));

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
const documentOf = async () =>
  (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };

describe('errors', () => {
  it('answers every refusal of the router and the body parser as {message, code}', async () => {
    const user = await makeUser(t);
    const cases: [string, InjectOptions, number, string][] = [
      ['an unknown route', { url: '/api/v1/nope' }, 404, 'route_not_found'],
      ['an unknown method', { method: 'PUT', url: '/api/v1/health' }, 404, 'route_not_found'],
      ['a malformed URL', { url: '/api/v1/%zz' }, 400, 'malformed_request'],
      [
        'malformed JSON',
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"a":',
        },
        400,
        'malformed_request',
      ],
      [
        'an empty JSON body',
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '',
        },
        400,
        'malformed_request',
      ],
      [
        'a body that is not JSON',
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        },
        415,
        'unsupported_media_type',
      ],
      [
        'a body over the limit',
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
        },
        413,
        'payload_too_large',
      ],
      [
        'a field of the wrong type',
        { method: 'POST', url: '/api/v1/auth/login', payload: { email: 5 } },
        400,
        'validation_failed',
      ],
      ['no token', { url: '/api/v1/auth/me' }, 401, 'unauthenticated'],
      ['a forged token', { url: '/api/v1/auth/me', headers: bearer('x.y.z') }, 401, 'unauthenticated'],
      [
        'an administrator route',
        { url: '/api/v1/auth/admin/all-users', headers: bearer(user.token) },
        403,
        'admin_required',
      ],
    ];
    for (const [label, request, status, code] of cases) {
      const answer = await t.app.inject(request);
      expect(answer.statusCode, label).toBe(status);
      expect(answer.headers['content-type'], label).toMatch(/^application\/json/);
      const body = answer.json();
      expect(apiError.strict().safeParse(body).success, `${label}: ${answer.body}`).toBe(true);
      expect(body.code, label).toBe(code);
    }
  });

  it('documents each operation: an operationId, a summary, and the shared error schema for every 4xx and 5xx', async () => {
    const doc = await documentOf();
    const ids = new Set<string>();
    for (const operation of apiOperations(t.app)) {
      const documented = doc.paths[operation.path]![operation.method.toLowerCase()]!;
      expect(documented.operationId, operation.path).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(documented.operationId!), documented.operationId).toBe(false);
      ids.add(documented.operationId!);
      expect(documented.summary, operation.path).toBeTruthy();
      const errors = Object.entries(documented.responses).filter(([status]) => Number(status) >= 400);
      expect(errors.map(([status]) => status)).toEqual(expect.arrayContaining(['400', '500', '503']));
      if ((documented.security ?? []).length > 0) {
        expect(errors.map(([status]) => status)).toEqual(expect.arrayContaining(['401', '403']));
      }
      for (const [, response] of errors) {
        expect(response.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
    }
  });

  it('lists null among the values of every nullable enum, as its answers send it (a membership without role)', async () => {
    const nullableEnums: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as { nullable?: boolean; enum?: unknown[] };
      if (schema.nullable && schema.enum) {
        nullableEnums.push(at);
        expect(schema.enum, at).toContain(null);
      }
      for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`);
    };
    walk(await documentOf(), '');
    expect(nullableEnums.length).toBeGreaterThan(0);
  });

  it('lists every code in docs/api-errors.md with its status', async () => {
    const table = await readFile(new URL('../../../../docs/api-errors.md', import.meta.url), 'utf8');
    const rows = [...table.matchAll(/^\| `(\w+)`\s*\| (\d{3})\s*\|/gm)].map(([, code, status]) => [
      code,
      Number(status),
    ]);
    expect(rows).toEqual(Object.entries(API_ERROR_CODES).map(([code, { status }]) => [code, status]));
  });
});
