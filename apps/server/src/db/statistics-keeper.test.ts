import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedJobs } from '../../test/job-seed.ts';
import { openDatabase, type Database } from './client.ts';
import { users } from './schema/users.ts';
import { analyzeStale } from './statistics-keeper.ts';

/** The keeper stands in for autovacuum on PGlite only, so it is tested there whatever DATABASE_URL says. */
describe('statistics keeper (PGlite)', () => {
  let database: Database;
  let userId: string;

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const jobsStatistics = async () => {
    const [row] = await rows<{ analyzed: number; changed: number; planned: number }>(sql`
      select s.analyze_count::int as analyzed, s.n_mod_since_analyze::int as changed, c.reltuples::int as planned
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'jobs'`);
    return row;
  };
  /** The plan of the list's page of failed jobs sorted by name. */
  const failedByNamePlan = async () =>
    (
      await rows<{ 'QUERY PLAN': string }>(sql`
        explain select * from jobs where user_id = ${userId} and kind = 'hybrid' and status = 'FAILED'
        order by lower(job_name), created_at, id limit 10`)
    )
      .map((line) => line['QUERY PLAN'])
      .join('\n');

  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    [{ id: userId }] = await database.db
      .insert(users)
      .values({ username: 'keeper', email: 'keeper@example.com', passwordHash: 'x', status: 'CONFIRMED' })
      .returning({ id: users.id });
  });
  afterAll(() => database.close());

  it('has analyzed every table once the migrations ran', async () => {
    expect((await jobsStatistics()).analyzed).toBe(1);
  });

  it('analyzes a table whose changes pass 50 + 10% of its rows, and then the list reads the sort index', async () => {
    await seedJobs(database.db, userId, 20_000, ['COMPLETED', 'FAILED', 'CANCELLED']);
    expect(await failedByNamePlan()).not.toContain('jobs_owner_name_idx');

    expect(await analyzeStale(database.db)).toContain('public.jobs');
    expect(await jobsStatistics()).toEqual({ analyzed: 2, changed: 0, planned: 20_000 });
    expect(await failedByNamePlan()).toContain('Index Scan using jobs_owner_name_idx');
  });

  it('leaves a table alone until its changes pass the threshold', async () => {
    // 50 + 10% of 20,000 rows: 2,050 changes are needed, the seed makes 2,000.
    await seedJobs(database.db, userId, 2_000);
    expect(await analyzeStale(database.db)).not.toContain('public.jobs');
    expect((await jobsStatistics()).analyzed).toBe(2);

    await seedJobs(database.db, userId, 51);
    expect(await analyzeStale(database.db)).toContain('public.jobs');
    expect(await jobsStatistics()).toMatchObject({ analyzed: 3, changed: 0 });
  });
});
