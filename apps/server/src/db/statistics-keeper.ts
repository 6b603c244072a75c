import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** How often the keeper looks, as often as autovacuum's default naptime. */
const KEEPER_INTERVAL_MS = 60_000;

/**
 * The tables autovacuum would analyze now: changed rows since the last ANALYZE over its threshold, the
 * server's autovacuum_analyze_threshold plus autovacuum_analyze_scale_factor of the rows the planner knows of
 * (reltuples, -1 until a first ANALYZE). The forced flush makes the counters include the last statements.
 */
const STALE_TABLES = sql`
  select format('%I.%I', s.schemaname, s.relname) as "table"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
    + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)`;

/**
 * ANALYZEs the tables whose rows changed enough since their last ANALYZE; answers their names. PGlite runs no
 * autovacuum, so without this its planner keeps the statistics of an empty table and picks poor plans for
 * large ones (a status index and a sort of every row instead of reading the sort's index).
 */
export async function analyzeStale(db: Db): Promise<string[]> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await db.execute(STALE_TABLES)) as unknown as { rows: { table: string }[] };
  for (const { table } of rows) await db.execute(sql.raw(`analyze ${table}`));
  return rows.map(({ table }) => table);
}

/**
 * Keeps the planner's statistics as PostgreSQL's autovacuum would, on a database that has none (PGlite): a
 * pass every minute that never keeps the process alive. `stop` ends it and waits for a pass under way.
 */
export function keepStatistics(db: Db, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => analyzeStale(db)).catch(onError);
  }, KEEPER_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
