import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { call, makeUser } from '../../test/org-flows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp | undefined;
afterEach(async () => t?.close());

describe('a request that fails in the database', () => {
  it('answers 500 and logs the SQL and SQLSTATE, never the parameters or the row', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    t = await createTestApp({ logger });
    const user = await makeUser(t);
    await t.database.db.execute(
      sql`alter table organizations add constraint refuse_all check (name <> name)`,
    );
    const secret = 'Secret Org 5f3a9c';

    const response = await call(t.app, 'POST', '/auth/orgs', user, { name: secret });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error', code: 'internal_error' });
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('Failed query: insert into');
    expect(log).toContain('"code":"23514"');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(user.id);
  });
});
