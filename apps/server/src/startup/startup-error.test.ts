import { describe, expect, it } from 'vitest';
import { exposureWarnings } from './exposure.ts';
import { errorCode } from '../lib/error-code.ts';
import { storageFailure } from './storage.ts';

describe('reading the cause of a failed start', () => {
  it("finds the code in Node's errors, PGlite's ErrnoError, a query's cause and an AggregateError", () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'EADDRINUSE' }))).toBe('EADDRINUSE');
    expect(errorCode({ name: 'ErrnoError', errno: 51 })).toBe('ENOSPC');
    expect(errorCode({ name: 'ErrnoError', errno: 69 })).toBe('EROFS');
    const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
    expect(errorCode(new Error('Failed query', { cause: refused }))).toBe('ECONNREFUSED');
    expect(errorCode(new AggregateError([refused]))).toBe('ECONNREFUSED');
    expect(errorCode(new Error('a bug'))).toBeUndefined();
    expect(errorCode('text')).toBeUndefined();
  });

  it('turns disk failures into one line and leaves anything else alone', () => {
    const full = storageFailure({ name: 'ErrnoError', errno: 51 }, '/srv/data', 'the embedded database');
    expect(full?.message).toBe(
      'Disk full: no space left to write the embedded database in DATA_DIR /srv/data. Free some space or set DATA_DIR to another disk.',
    );
    expect(storageFailure(new Error('a bug'), '/srv/data', 'x')).toBeUndefined();
  });
});

describe('exposure warnings at start', () => {
  it('are silent on loopback', () => {
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]']) {
      expect(exposureWarnings({ host, MARKETPLACE: 'local' })).toEqual([]);
    }
  });

  it('say when the outbox and the simulated marketplace face other machines', () => {
    const warnings = exposureWarnings({ host: '0.0.0.0', MARKETPLACE: 'local' });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^HOST=0\.0\.0\.0 opens the server beyond this machine but SMTP_URL is not set/,
    );
    expect(warnings[1]).toMatch(/MARKETPLACE=local/);
    expect(exposureWarnings({ host: '::', SMTP_URL: 'smtp://mail:25', MARKETPLACE: 'aws' })).toEqual([]);
  });
});
