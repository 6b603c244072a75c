import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The cheapest query that needs a working connection to the database. */
export class HealthRepo {
  constructor(private readonly db: Db) {}

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }
}
