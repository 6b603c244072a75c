import type { Database } from '../src/db/client.ts';
import { createLocalRunner } from '../src/worker/start-runner.ts';
import { silentLogger } from './cleanup.ts';
import { createTestApp, openTestDatabase, type TestApp } from './harness.ts';

type Later = (...steps: (() => Promise<unknown>)[]) => void;

/**
 * An app whose process runs one started local runner, so the jobs it creates really run: over `database`, or
 * over a database of its own (closed after the test) so that it runs no other test's jobs. `later` is the
 * test file's cleanupAfterEach.
 */
export async function appWithRunner(
  later: Later,
  { database, maxAttempts = 2 }: { database?: Database; maxAttempts?: number } = {},
): Promise<{ t: TestApp; database: Database }> {
  const own = database === undefined;
  const db = database ?? (await openTestDatabase());
  const runner = createLocalRunner(db.db, silentLogger, {
    workers: 1,
    leaseMs: 10_000,
    heartbeatMs: 500,
    pollMs: 100,
    maxAttempts,
    maxLostRuns: 2,
  });
  const t = await createTestApp({ jobRunner: runner }, db);
  later(
    ...(own ? [() => db.close()] : []),
    () => t.close(),
    () => runner.stop(),
  );
  runner.start();
  return { t, database: db };
}
