import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

const h2HyperparametersSample = { molecule_geometry: 'H 0 0 0;H 0 0 0.74', basis: 'sto-3g', shots: '1000' };

/**
 * `count` finished cloud jobs of a user in one multi-row insert (not through the engine), one second apart,
 * newest first by index; statuses cycle through `statuses`. Answers their ARNs, newest first.
 */
export async function seedJobs(
  db: Db,
  userId: string,
  count: number,
  statuses: readonly string[] = ['COMPLETED'],
): Promise<string[]> {
  const tag = `seed${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const hyperparameters = JSON.stringify(h2HyperparametersSample);
  const statusList = sql`array[${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )}]::text[]`;
  await db.execute(sql`
    insert into jobs (job_arn, job_name, user_id, kind, backend, status, device, hyperparameters,
                      instance_config, tags, permission_source, created_at, started_at, ended_at)
    select 'arn:aws:braket:us-east-1:000000000000:job/' || ${tag} || '-' || g,
           ${tag} || '-' || g, ${userId}::uuid, 'hybrid', 'local',
           (${statusList})[1 + (g - 1) % ${statuses.length}],
           'arn:aws:braket:::device/quantum-simulator/amazon/sv1', ${hyperparameters}::jsonb,
           '{"instanceType":"ml.m5.large","volumeSizeInGb":100,"instanceCount":1}'::jsonb,
           '{"Project":"HI-VQE"}'::jsonb,
           '{"type":"individual","organization_id":null,"organization_name":null,"execution_context":"marketplace","billed_to":null,"marketplace_subscription":null}'::jsonb,
           now() - g * interval '1 second', now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${count}) as g`);
  return Array.from({ length: count }, (_, i) => `arn:aws:braket:us-east-1:000000000000:job/${tag}-${i + 1}`);
}
