import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { OutboxMailer } from '../providers/mail/outbox.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness.ts';

const CONSOLE_POLICY = {
  'default-src': "'self'",
  'script-src': "'self'",
  'script-src-attr': "'none'",
  'style-src': "'self'",
  'img-src': "'self' blob:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

function directives(header: string | string[] | number | undefined): Record<string, string> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')];
      }),
  );
}

let database: Database;
let tempDir: string;
let webDist: string;
let http: TestApp;
let https: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  tempDir = await mkdtemp(path.join(tmpdir(), 'security-headers-'));
  // A stand-in for the built console: the same shape as Vite's output, an entry page and a hashed asset.
  webDist = path.join(tempDir, 'web');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDist, 'assets', 'index-abc.js'), 'console.log("console");');
  const outbox = new OutboxMailer(
    path.join(tempDir, 'outbox'),
    'console@example.com',
    pino({ level: 'silent' }),
  );
  http = await createTestApp({ webDist, mailer: outbox, publicUrl: 'http://localhost:8080' }, database);
  https = await createTestApp({ webDist, publicUrl: 'https://console.example.com' }, database);
});

afterAll(async () => {
  await http.close();
  await https.close();
  await database.close();
  await rm(tempDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each([
    ['an API answer', 'GET', '/api/v1/health', 200],
    ['the OpenAPI document', 'GET', '/api/v1/openapi.json', 200],
    ['an unknown API route', 'GET', '/api/v1/nope', 404],
    ['a refused request', 'GET', '/api/v1/auth/me', 401],
    ['malformed JSON', 'POST', '/api/v1/auth/login', 400],
    ['the console entry page', 'GET', '/', 200],
    ['a console route served by the history fallback', 'GET', '/jobs/42', 200],
    ['a console asset', 'GET', '/assets/index-abc.js', 200],
    ['a non-GET miss outside the API', 'DELETE', '/anything', 404],
    ['the dev mailbox', 'GET', '/dev/mailbox', 200],
  ] as const)('guard %s', async (_name, method, url, status) => {
    const malformedJson =
      method === 'POST' ? { payload: '{"username":', headers: { 'content-type': 'application/json' } } : {};
    const res = await http.app.inject({ method, url, ...malformedJson });
    expect(res.statusCode).toBe(status);
    expect(directives(res.headers['content-security-policy'])).toEqual(CONSOLE_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['a URL the router cannot decode', { method: 'GET', url: '/%zz' }, 400],
    ['an API URL the router cannot decode', { method: 'GET', url: '/api/v1/auth/invites/%zz' }, 400],
    [
      'a body over the size limit',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'p' }),
        headers: { 'content-type': 'application/json' },
      },
      413,
    ],
  ] as const)('guard %s, answered before any hook (issue 24, 7)', async (_name, request, status) => {
    const res = await http.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(directives(res.headers['content-security-policy'])).toEqual(CONSOLE_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.body).not.toContain('%zz');
  });

  it('serves the console entry page and the mailbox as HTML under that policy', async () => {
    const page = await http.app.inject({ url: '/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');
    const mailbox = await http.app.inject({ url: '/dev/mailbox' });
    expect(mailbox.headers['content-type']).toMatch(/^text\/html/);
    expect(mailbox.body).toContain('<h1>Dev mailbox</h1>');
  });

  it('behind https, adds HSTS for a year and upgrades insecure requests', async () => {
    for (const url of ['/api/v1/health', '/', '/api/v1/nope']) {
      const res = await https.app.inject({ url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res.headers['content-security-policy'])).toEqual({
        ...CONSOLE_POLICY,
        'upgrade-insecure-requests': '',
      });
    }
  });
});
