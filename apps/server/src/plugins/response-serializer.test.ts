import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.ts';

const SECRET = 'argon2id$secret-hash';

const member = z.object({ id: z.string(), name: z.string().nullable() });

async function serve(schema: z.ZodType, data: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/', { schema: { response: { 200: schema } } }, async () => data);
  const res = await app.inject({ url: '/' });
  await app.close();
  return res;
}

describe('response serializer', () => {
  it('writes only the fields the schema names, at every depth and in every union branch', async () => {
    const schema = z.object({
      members: z.array(member),
      owner: member.nullable(),
      by_role: z.record(z.string(), member),
      source: z.union([
        z.object({ kind: z.literal('org'), org: z.string() }),
        z.object({ kind: z.literal('own') }),
      ]),
    });
    const row = { id: 'u1', name: null, password_hash: SECRET };
    const res = await serve(schema, {
      members: [row],
      owner: row,
      by_role: { admin: row },
      source: { kind: 'own', password_hash: SECRET },
      password_hash: SECRET,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    const plain = { id: 'u1', name: null };
    expect(res.json()).toEqual({
      members: [plain],
      owner: plain,
      by_role: { admin: plain },
      source: { kind: 'own' },
    });
  });

  it('answers null for a nullable object and keeps the order of the schema', async () => {
    const res = await serve(z.object({ b: z.number(), a: member.nullable() }), { a: null, b: 1 });
    expect(res.body).toBe('{"b":1,"a":null}');
  });

  it('keeps zod for a schema JSON Schema cannot express: its codec still encodes, extra fields still go', async () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const schema = z.object({ at: isoDate });
    const res = await serve(schema, { at: new Date(Date.UTC(2024, 0, 2)), password_hash: SECRET });
    expect(res.json()).toEqual({ at: '2024-01-02T00:00:00.000Z' });
  });

  it('answers 500 rather than a body missing a required field', async () => {
    const res = await serve(member, { name: 'no id', password_hash: SECRET });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SECRET);
  });
});
