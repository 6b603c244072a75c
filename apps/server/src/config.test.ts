import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts with embedded defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      ADMIN_EMAIL: 'admin@hivqe.local',
      publicUrl: 'http://localhost:8080',
      dataDir: path.resolve('./data'),
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/hivqe',
      DATABASE_URL: 'postgres://u@db:5432/app',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://console.example.com/',
      ADMIN_EMAIL: 'Root@Example.com',
      ADMIN_PASSWORD: 'long-enough',
      INTERNAL_EMAIL_DOMAIN: 'example.com',
      COMPANY_NAME: 'acme',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      dataDir: '/tmp/hivqe',
      DATABASE_URL: 'postgres://u@db:5432/app',
      SMTP_URL: 'smtp://mail:25',
      publicUrl: 'https://console.example.com',
      INTERNAL_EMAIL_DOMAIN: 'example.com',
      COMPANY_NAME: 'acme',
    });
  });

  it('listens on loopback only while mail stays in the outbox, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ HOST: '' }).host).toBe('localhost');
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '127.0.0.1', SMTP_URL: 'smtp://mail:25' }).host).toBe('127.0.0.1');
  });

  it('gives a job 1 h by default and at most a day, and refuses a default above the ceiling', () => {
    expect(loadConfig({})).toMatchObject({
      JOB_MAX_RUNTIME_DEFAULT_S: 3600,
      JOB_MAX_RUNTIME_CEILING_S: 86_400,
    });
    expect(() =>
      loadConfig({ JOB_MAX_RUNTIME_DEFAULT_S: '7200', JOB_MAX_RUNTIME_CEILING_S: '3600' }),
    ).toThrow(/JOB_MAX_RUNTIME_DEFAULT_S: must not exceed JOB_MAX_RUNTIME_CEILING_S/);
    expect(() => loadConfig({ JOB_MAX_RUNTIME_CEILING_S: '432001' })).toThrow(/JOB_MAX_RUNTIME_CEILING_S:/);
  });

  it('believes no forwarded header unless TRUST_PROXY names the proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
  });

  it.each([
    ['TRUST_PROXY', 'true'],
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', '::'],
    ['ADMIN_EMAIL', 'nobody'],
    ['ADMIN_PASSWORD', 'short'],
    ['SECRETS_KEY', 'abc'],
  ])('stops on an invalid %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
