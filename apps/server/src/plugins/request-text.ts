import { MULTILINE_KEY, textProblem } from '@hivqe/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../lib/http-errors.ts';

/** A node of a JSON Schema, as far as finding a string's own schema needs. */
type SchemaNode = { [keyword: string]: unknown };

const PARTS = [
  ['body', 'body'],
  ['querystring', 'query'],
  ['params', 'params'],
] as const;

/**
 * Refuses, before any schema or handler runs, a request whose strings or object keys carry control characters,
 * broken Unicode or bidirectional text controls, or line breaks outside the fields marked `multilineText` —
 * on every route, including routes added later: no such text reaches the database (where a NUL gave a 500),
 * a log or another user's screen. The answer is a 400 naming the field, as the schema's own errors do.
 */
export function registerRequestTextCheck(app: FastifyInstance): void {
  const jsonSchemas = new WeakMap<object, SchemaNode>();
  const jsonSchemaOf = (schema: unknown): SchemaNode[] => {
    if (!(schema instanceof z.ZodType)) return [];
    let converted = jsonSchemas.get(schema);
    if (!converted) {
      converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
      jsonSchemas.set(schema, converted);
    }
    return [converted];
  };

  app.addHook('preValidation', (request, _reply, done) => {
    // Most requests (GETs without a query) carry no text at all: they skip the schema lookup.
    if (PARTS.every(([, property]) => holdsNothing(request[property]))) return done();
    const schema = request.routeOptions.schema;
    for (const [part, property] of PARTS) {
      const problem = findProblem(request[property], jsonSchemaOf(schema?.[part]), part);
      if (problem) return done(badRequest(problem));
    }
    done();
  });
}

/** Absent, or an object or array without a single own key: no string or key in it to check. */
function holdsNothing(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/**
 * The first string or key under `value` that `textProblem` refuses, as `path: message`; null when none.
 * Walks with a stack of its own, so a body nested a hundred thousand deep cannot overflow the call stack.
 */
function findProblem(value: unknown, schemas: SchemaNode[], path: string): string | null {
  const pending = [{ value, schemas, path }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      const multiline = alternatives(next.schemas).some((node) => node[MULTILINE_KEY] === true);
      const problem = textProblem(next.value, multiline);
      if (problem) return `${next.path}: ${problem}`;
    } else if (next.value !== null && typeof next.value === 'object') {
      const inArray = Array.isArray(next.value);
      for (const [key, item] of Object.entries(next.value).reverse()) {
        const keyProblem = textProblem(key, false);
        if (keyProblem) return `${next.path} key: ${keyProblem}`;
        pending.push({
          value: item,
          schemas: childSchemas(next.schemas, key, inArray),
          path: `${next.path}.${key}`,
        });
      }
    }
  }
  return null;
}

/** The schemas a value may match: each node and, recursively, the branches of its anyOf/oneOf/allOf. */
function alternatives(schemas: SchemaNode[]): SchemaNode[] {
  return schemas.flatMap((node) => [
    node,
    ...alternatives(
      (['anyOf', 'oneOf', 'allOf'] as const).flatMap((keyword) => (node[keyword] as SchemaNode[]) ?? []),
    ),
  ]);
}

/** The schemas of an array's items or of an object's property `key` (named, else its additionalProperties). */
function childSchemas(schemas: SchemaNode[], key: string, inArray: boolean): SchemaNode[] {
  return alternatives(schemas).flatMap((node) => {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const child = inArray
      ? node.items
      : Object.hasOwn(properties, key)
        ? properties[key]
        : node.additionalProperties;
    return typeof child === 'object' && child !== null ? [child as SchemaNode] : [];
  });
}
