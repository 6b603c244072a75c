import type { FastifyInstance } from 'fastify';

/** A JSON Schema node of the OpenAPI document, as far as the tests read it. */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  $ref?: string;
  [keyword: string]: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: SchemaNode;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: SchemaNode }> };
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of the API as its OpenAPI document describes it. */
export interface ApiOperation {
  method: HttpMethod;
  /** The documented path, e.g. `/api/v1/auth/orgs/{orgId}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: SchemaNode | undefined;
}

/** Every operation the app serves under the API, read from its own OpenAPI document, so new routes are included. */
export function apiOperations(app: FastifyInstance): ApiOperation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as HttpMethod,
      path,
      pathParams: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path'),
      queryParams: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'),
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** The operation's path with each `{param}` replaced by the given value (or `value(name)`). */
export function fillPath(operation: ApiOperation, value: (name: string) => string): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
}

export const operationName = (operation: ApiOperation) => `${operation.method} ${operation.path}`;
