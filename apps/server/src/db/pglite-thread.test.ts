import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread.ts';

let db: PGliteThread;
beforeAll(async () => {
  db = new PGliteThread();
  await db.waitReady;
  await db.exec('create table items (id int primary key, name text not null)');
});
afterAll(() => db.close());

const names = async () =>
  (await db.query<{ name: string }>('select name from items order by id')).rows.map((row) => row.name);

describe('PGlite in its own thread', () => {
  it('answers rows as objects or arrays, and leaves the types drizzle parses itself as text', async () => {
    const text = 'select 1 as one, $1::text as word, $2::timestamptz as at';
    const params = ['hi', '2026-01-02T03:04:05Z'];
    expect((await db.query(text, params, { rowMode: 'array' })).rows).toEqual([
      [1, 'hi', new Date('2026-01-02T03:04:05Z')],
    ]);
    const raw = await db.query(text, params, { parsers: { 1184: (value) => value } });
    expect(raw.rows).toEqual([{ one: 1, word: 'hi', at: '2026-01-02 03:04:05+00' }]);
  });

  it('commits a transaction, and makes a query sent meanwhile wait for it and see what it wrote', async () => {
    let meanwhile: Promise<string[]> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('insert into items values (1, $1)', ['one']);
      meanwhile = names();
      await tx.query('insert into items values (2, $1)', ['two']);
    });
    expect(await meanwhile).toEqual(['one', 'two']);
  });

  it('rolls a transaction back when a statement in it fails', async () => {
    const failed = db.transaction(async (tx) => {
      await tx.query('insert into items values (3, $1)', ['three']);
      await tx.query('insert into items values (1, $1)', ['again']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await names()).toEqual(['one', 'two']);
  });

  it('rolls back when told to, and keeps the callback’s answer', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query('insert into items values (4, $1)', ['four']);
      await tx.rollback();
      return 'rolled back';
    });
    expect(answer).toBe('rolled back');
    expect(await names()).toEqual(['one', 'two']);
  });

  it('runs drizzle’s nested transactions as savepoints', async () => {
    const orm = drizzle(db as unknown as PGlite);
    await orm.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (5, 'five')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into items values (6, 'six')`);
          throw new Error('undo six');
        }),
      ).rejects.toThrow('undo six');
    });
    expect(await names()).toEqual(['one', 'two', 'five']);
  });

  it('keeps a database error’s fields across the thread', async () => {
    const error = await db.query('insert into items values (1, $1)', ['dup']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: 'duplicate key value violates unique constraint "items_pkey"',
      code: '23505',
      constraint: 'items_pkey',
      table: 'items',
      severity: 'ERROR',
    });
  });

  it('has run a notification’s listener by the time the write that sent it resolves', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('things', (payload) => heard.push(payload));
    await db.query(`select pg_notify('things', 'first')`);
    expect(heard).toEqual(['first']);
    await unlisten();
    await db.query(`select pg_notify('things', 'second')`);
    expect(heard).toEqual(['first']);
  });

  it('leaves the event loop free while it computes', async () => {
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const start = performance.now();
    await db.query('select count(*) from generate_series(1, 5e6)');
    const took = performance.now() - start;
    clearInterval(ticker);
    // On the calling thread the ticker would wait out the whole query.
    expect(took).toBeGreaterThan(400);
    expect(longestGap).toBeLessThan(took / 4);
  });
});

describe('a process with PGlite in its thread', () => {
  const script = fileURLToPath(new URL('../../test/pglite-thread-process.ts', import.meta.url));
  const run = (close: boolean) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', script, close ? 'close' : 'leave'], {
      timeout: 60_000,
    });

  it('ends by itself once the database is closed', async () => {
    expect((await run(true)).stdout).toBe('1\n');
  });

  it('ends by itself while the database is idle, as with PGlite in process', async () => {
    expect((await run(false)).stdout).toBe('1\n');
  });
});
