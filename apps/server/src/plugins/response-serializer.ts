import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

/** Zod kinds whose JSON is not the handler's data as it stands: they rewrite or fill in values. */
const REWRITING_KINDS = new Set(['transform', 'pipe', 'default', 'prefault', 'catch']);

/**
 * Serializes each answer with fast-json-stringify compiled once from its zod schema's JSON Schema, instead of
 * parsing the answer with zod on every request (16% of the jobs list's CPU). Only the properties the schema
 * names are written, so a field outside it (a password hash on a row) still never leaves. A schema that
 * JSON Schema cannot express exactly (transforms, defaults, dates) keeps the zod serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = (route) =>
  compiledFor(route.schema) ?? zodSerializerCompiler(route);

/**
 * Compiled serializers by the zod schema they come from (null: none exact), shared by every app the process
 * builds: compiling took two thirds of building one (issue 27: the API tests build one per test).
 */
const compiled = new WeakMap<object, ((data: unknown) => string) | null>();

function compiledFor(schema: unknown): ((data: unknown) => string) | null {
  if (typeof schema !== 'object' || schema === null) return null;
  let serializer = compiled.get(schema);
  if (serializer === undefined) {
    const jsonSchema = exactJsonSchema(schema);
    serializer = jsonSchema && compile(jsonSchema);
    compiled.set(schema, serializer);
  }
  return serializer;
}

function compile(schema: Schema): ((data: unknown) => string) | null {
  try {
    return fastJson(schema);
  } catch {
    return null;
  }
}

/** The JSON Schema of `schema`'s output, or null when it would not give the same JSON as zod. */
function exactJsonSchema(schema: unknown): Schema | null {
  if (!(schema instanceof z.ZodType)) return null;
  let rewrites = false;
  try {
    const jsonSchema = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-07',
      override: ({ zodSchema, jsonSchema: node }) => {
        if (REWRITING_KINDS.has(zodSchema._zod.def.type)) rewrites = true;
        // fast-json-stringify drops undeclared properties by itself. Declared `false`, its union check (Ajv) would
        // refuse an object with extra fields, where zod strips them and picks that branch.
        if (node.additionalProperties === false) delete node.additionalProperties;
      },
    });
    return rewrites ? null : (jsonSchema as Schema);
  } catch {
    // Unrepresentable in JSON Schema (a date, a bigint, a custom check).
    return null;
  }
}
