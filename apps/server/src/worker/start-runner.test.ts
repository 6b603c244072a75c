import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { POLL_MS, runnerTimings } from './start-runner.ts';

describe('job settings', () => {
  it('run one job at a time on the local engine by default, with a 250 ms heartbeat and 3 attempts', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ WORKERS: 1, JOB_BACKEND: 'local', LOCAL_ACCOUNT_ID: '000000000000' });
    expect(runnerTimings(config)).toEqual({
      workers: 1,
      leaseMs: 10_000,
      heartbeatMs: 250,
      pollMs: POLL_MS,
      maxAttempts: 3,
      maxLostRuns: 10,
    });
  });

  it('are read from the environment', () => {
    const config = loadConfig({
      WORKERS: '0',
      LOCAL_ACCOUNT_ID: '123456789012',
      JOB_LEASE_MS: '30000',
      JOB_HEARTBEAT_MS: '500',
      JOB_MAX_ATTEMPTS: '5',
      JOB_MAX_LOST_RUNS: '20',
    });
    expect(config.LOCAL_ACCOUNT_ID).toBe('123456789012');
    expect(runnerTimings(config)).toMatchObject({
      workers: 0,
      leaseMs: 30_000,
      heartbeatMs: 500,
      maxAttempts: 5,
      maxLostRuns: 20,
    });
  });

  it.each([
    ['WORKERS', '-1'],
    ['JOB_BACKEND', 'braket'],
    ['LOCAL_ACCOUNT_ID', '1234'],
    ['JOB_LEASE_MS', '100'],
    // A slower heartbeat would let a cancel made in another process take longer than a second.
    ['JOB_HEARTBEAT_MS', '501'],
    ['JOB_MAX_ATTEMPTS', '0'],
    ['JOB_MAX_LOST_RUNS', 'many'],
  ])('refuse an invalid %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('npm run worker', () => {
  it('refuses to start on the embedded database, which belongs to one process', () => {
    const require = createRequire(import.meta.url);
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', require.resolve('tsx'), main], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('npm run worker needs DATABASE_URL');
  });
});
