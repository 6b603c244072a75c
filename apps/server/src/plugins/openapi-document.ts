import { API_BASE, API_ERROR_CODES, apiError, BRAND, idempotentCreateHeaders } from '@hivqe/contract';
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiSchemaRegistry } from './openapi-components.ts';
import { OPERATIONS } from './openapi-operations.ts';
import { openapiSecurityComponents } from './openapi-security.ts';

/** The areas of the API, as the document's tags name them. */
const TAGS = [
  { name: 'health', description: 'Liveness and readiness probes.' },
  { name: 'auth', description: 'Accounts: sign-up, sign-in, sessions, profile, password.' },
  { name: 'organizations', description: 'Organizations, members, job permission and ownership transfer.' },
  { name: 'invitations', description: 'Invitations to the console and to organizations.' },
  { name: 'priorities', description: 'Which permission source pays for jobs.' },
  { name: 'admin', description: 'System administration: users, jobs, authentication history, tokens.' },
  { name: 'logs', description: 'The audit log.' },
  { name: 'hybrid jobs', description: 'HI-VQE jobs and bond scans: create, monitor, results, cancel.' },
  { name: 'iqm jobs', description: 'Circuit jobs on IQM Resonance.' },
  { name: 'account', description: 'Cloud settings (AWS, IQM) and personal access tokens.' },
  { name: 'marketplace', description: 'AWS Marketplace subscriptions.' },
];

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is invalid',
  401: 'Not signed in, or the token is invalid or expired',
  402: 'A cloud quota is exceeded',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'The device is retired',
  413: 'The body is too large',
  415: 'The body is not JSON',
  422: 'The Idempotency-Key was used with another body',
  424: 'The device is offline',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'A cloud provider failed',
  503: 'A service the API needs is unavailable',
  504: 'A cloud provider did not answer in time',
  507: 'The server has no disk space left',
};

/** Seconds to wait, sent with 429 and 503. */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
};

/** The `@fastify/swagger` options of the API's document, served at `/api/v1/openapi.json`. */
export function openapiOptions(publicUrl: string): SwaggerOptions {
  const transformObject = createJsonSchemaTransformObject({ schemaRegistry: apiSchemaRegistry });
  return {
    openapi: {
      info: {
        title: `${BRAND.product} API`,
        version: '1.0.0',
        description:
          `The API of ${BRAND.product}: accounts, organizations, and HI-VQE jobs on the local engine, Amazon Braket ` +
          'and IQM Resonance. Scripts authenticate with a personal access token (Account Settings → API Tokens) as ' +
          'a Bearer token. Every error answers `{message, code}`; docs/api-errors.md lists the codes.',
        contact: { name: `${BRAND.product} support`, url: publicUrl },
        license: { name: 'Proprietary', url: new URL('/about', publicUrl).href },
      },
      // Relative: the paths carry /api/v1, so whatever origin serves this document serves the API.
      servers: [{ url: '/', description: 'The console that serves this document' }],
      tags: TAGS,
      components: openapiSecurityComponents,
    },
    transform: createJsonSchemaTransform({ schemaRegistry: apiSchemaRegistry }),
    transformObject: (document) => describeErrors(transformObject(document) as OpenApiDocument),
  };
}

/**
 * Gives every route its operationId, summary and description, the error responses it may answer, and, when no
 * guard marked it, an explicit empty security requirement (the operation is public). Added after
 * markGuardedOperations and before the routes.
 */
export function documentOperations(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema ?? {};
    if ((schema as { hide?: boolean }).hide) return;
    const methods = [route.method].flat();
    if (methods.includes('HEAD')) return;
    const key = `${methods[0]} ${route.url.slice(API_BASE.length).replace(/:(\w+)/g, '{$1}')}`;
    const doc = OPERATIONS[key];
    const guarded = schema.security !== undefined;
    // Any URL may be malformed (400, before routing); any database call may fail (503, 507) or anything (500).
    const statuses = new Set<number>([400, 500, 503, 507, ...(doc?.refuses ?? [])]);
    if (schema.body) [413, 415].forEach((status) => statuses.add(status));
    // A guard refuses the anonymous (401), the wrong scope or role (403), and throttles guessed tokens (429).
    if (guarded) [401, 403, 429].forEach((status) => statuses.add(status));
    if (schema.headers === idempotentCreateHeaders) [409, 422].forEach((status) => statuses.add(status));
    const response = { ...(schema.response as Record<number, unknown> | undefined) };
    for (const status of statuses) response[status] ??= apiError;
    route.schema = {
      ...schema,
      ...(doc ? { operationId: doc.operationId, summary: doc.summary, description: doc.description } : {}),
      ...(guarded ? {} : { security: [] }),
      response,
    };
  });
}

interface OpenApiResponse {
  description: string;
  content?: Record<string, { schema: unknown }>;
  headers?: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
  components: { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

/**
 * Every error response names its cause and refers to the one shared ApiError schema; components no operation
 * refers to (the input twin of an output-only schema) are left out.
 */
function describeErrors(document: OpenApiDocument): OpenApiDocument {
  document.components.schemas = { ...document.components.schemas, ApiError: errorComponent() };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const code = Number(status);
        if (!(code >= 400)) continue;
        operation.responses![status] = {
          description: STATUS_TEXT[code] ?? 'Refused',
          ...(code === 429 || code === 503 ? { headers: { ...response.headers, ...RETRY_AFTER } } : {}),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        };
      }
    }
  }
  document.components.schemas = referencedSchemas(document);
  allowNullInEnums(document);
  return document;
}

/**
 * OpenAPI 3.0's `nullable` does not widen an `enum`: a validator checks null against the listed values, so a
 * nullable enum must list null itself (what zod's `.nullable()` on an enum means, e.g. a membership's `role`).
 */
function allowNullInEnums(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(allowNullInEnums);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { nullable?: unknown; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  Object.values(node).forEach(allowNullInEnums);
}

/** The component schemas the document refers to, directly or through other components. */
function referencedSchemas(document: OpenApiDocument): Record<string, unknown> {
  const schemas = document.components.schemas ?? {};
  const refersTo = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
  const kept = new Set<string>();
  const pending = refersTo(document.paths);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (kept.has(name) || !(name in schemas)) continue;
    kept.add(name);
    pending.push(...refersTo(schemas[name]));
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
}

/** The ApiError schema, its codes described with the status each comes with. */
function errorComponent() {
  const codes = Object.entries(API_ERROR_CODES);
  return {
    type: 'object',
    required: ['message', 'code'],
    additionalProperties: false,
    properties: {
      message: { type: 'string', description: apiError.shape.message.description },
      code: {
        type: 'string',
        enum: codes.map(([code]) => code),
        description:
          'What went wrong, for a program:\n' +
          codes.map(([code, { status, meaning }]) => `- \`${code}\` (${status}): ${meaning}`).join('\n'),
      },
    },
  };
}
