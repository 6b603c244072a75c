import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { AppDeps } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createTestApp, openTestDatabase, type TestApp } from './harness.ts';

export interface AppPerTest {
  t: TestApp;
  database: Database;
}

/**
 * One test database for the calling file (closed after its last test) and a fresh app over it for each test
 * (closed after the test), built with `overrides`. `use` receives both as each test starts, e.g.
 * `appPerTest((current) => ({ t, database } = current));`.
 */
export function appPerTest(use: (current: AppPerTest) => void, overrides: Partial<AppDeps> = {}): void {
  let database: Database;
  let t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    t = await createTestApp(overrides, database);
    use({ t, database });
  });
  afterEach(async () => t.close());
}
