import { describe, expect, it } from 'vitest';
import { apiOperations, fillPath, operationName } from '../../test/api-operations.ts';
import { appPerTest } from '../../test/app-per-test.ts';
import type { TestApp } from '../../test/harness.ts';
import { BEARER_SCHEME } from './openapi-security.ts';

interface Document {
  openapi: string;
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
}

let t: TestApp;
appPerTest((current) => ({ t } = current));

const documentOf = async (app: TestApp['app']) =>
  (await app.inject({ url: '/api/v1/openapi.json' })).json() as Document;

describe('the OpenAPI document', () => {
  it('declares bearer JWT authentication, and every security requirement names a declared scheme', async () => {
    const doc = await documentOf(t.app);
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.components?.securitySchemes).toEqual({
      [BEARER_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        description: expect.stringContaining('personal access token'),
      },
    });
    const requirements = Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => operation.security ?? []),
    );
    expect(requirements.length).toBeGreaterThan(40);
    for (const requirement of requirements) expect(requirement).toEqual({ [BEARER_SCHEME]: [] });
  });

  it('marks exactly the operations that refuse an anonymous caller', async () => {
    const doc = await documentOf(t.app);
    const mismatches: string[] = [];
    let unmarked = 0;
    for (const operation of apiOperations(t.app)) {
      const marked = (doc.paths[operation.path][operation.method.toLowerCase()].security ?? []).length > 0;
      const response = await t.app.inject({
        method: operation.method,
        url: fillPath(operation, () => 'x'),
        ...(operation.method === 'GET'
          ? {}
          : { payload: '[]', headers: { 'content-type': 'application/json' } }),
      });
      const refused = response.statusCode === 401;
      if (!marked) unmarked += 1;
      if (marked !== refused)
        mismatches.push(`${operationName(operation)} marked=${marked} -> ${response.statusCode}`);
    }
    expect(mismatches).toEqual([]);
    // Sign-up, sign-in, recovery, health and the like stay open.
    expect(unmarked).toBeGreaterThanOrEqual(10);
  });
});
