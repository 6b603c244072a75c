import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { createTestApp, openTestDatabase } from '../test/harness.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('the HTTP surface', () => {
  it('answers health and the OpenAPI document listing every auth route', async () => {
    const t = await createTestApp({}, database);
    const health = await t.app.inject({ url: '/api/v1/health' });
    expect(health.json()).toEqual({ status: 'ok', timestamp: expect.any(String) });
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/v1/auth/login',
      '/api/v1/auth/me',
      '/api/v1/auth/me/profile',
      '/api/v1/auth/history',
    ]) {
      expect(Object.keys(doc.paths)).toContain(route);
    }
    await t.close();
  });

  it('tags each answer with a request id, keeping a well-formed one from the caller', async () => {
    const t = await createTestApp({}, database);
    const mine = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'trace-123' } });
    expect(mine.headers['x-request-id']).toBe('trace-123');
    const generated = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'bad id!' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await t.close();
  });

  it('answers unknown API routes, malformed JSON and wrong types with JSON {message}', async () => {
    const t = await createTestApp({}, database);
    const missing = await t.app.inject({ url: '/api/v1/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Route GET /api/v1/nope not found', code: 'route_not_found' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toEqual(expect.any(String));
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 5, password: 'x' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('body.username');
    await t.close();
  });

  it('serves the console with history fallback, but never for /api', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(path.join(dist, 'app.js'), 'console.log(1)');
    const t = await createTestApp({ webDist: dist }, database);
    expect((await t.app.inject({ url: '/' })).body).toContain('<title>console</title>');
    expect((await t.app.inject({ url: '/about?x=1' })).body).toContain('<title>console</title>');
    expect((await t.app.inject({ url: '/app.js' })).body).toBe('console.log(1)');
    // A file built after start is served too (the console is rebuilt while the server runs).
    await writeFile(path.join(dist, 'later.js'), 'console.log(2)');
    expect((await t.app.inject({ url: '/later.js' })).body).toBe('console.log(2)');
    expect((await t.app.inject({ url: '/api/v1/unknown' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/unknown' })).json().message).toContain('not found');
    await t.close();
  });

  it('sends the smallest precompressed copy the client accepts, and caches hashed assets for a year', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'web-'));
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    const html = '<!doctype html><title>console</title>';
    await mkdir(path.join(dist, 'assets'));
    for (const [file, text] of [
      ['index.html', html],
      ['assets/index-abc123.js', script],
    ]) {
      await writeFile(path.join(dist, file), text);
      await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(text));
      await writeFile(path.join(dist, `${file}.gz`), gzipSync(text));
    }
    const t = await createTestApp({ webDist: dist }, database);
    const get = (url: string, encoding?: string) =>
      t.app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

    const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // The page itself is asked again each time, so a new build reaches the browser at once.
    for (const url of ['/', '/jobs']) {
      const page = await get(url, 'br');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    }
    await t.close();
  });
});
