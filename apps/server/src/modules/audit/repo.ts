import type { AuditAction } from '@hivqe/contract';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { containing, Repo } from '../../db/repo.ts';
import { auditEvents } from '../../db/schema/index.ts';

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = typeof auditEvents.$inferInsert;

export interface AuditSearch {
  search?: string;
  action?: AuditAction;
  limit: number;
  offset: number;
}

export class AuditRepo extends Repo {
  async insert(event: NewAuditEvent): Promise<void> {
    await this.db.insert(auditEvents).values(event);
  }

  /** Newest first; every word of `search` must appear somewhere in the event. */
  async search(query: AuditSearch): Promise<{ rows: AuditEventRow[]; total: number }> {
    const conditions: SQL[] = (query.search ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => {
        const pattern = containing(word);
        return or(
          ilike(auditEvents.actorEmail, pattern),
          ilike(auditEvents.action, pattern),
          ilike(auditEvents.targetType, pattern),
          ilike(auditEvents.targetId, pattern),
          ilike(auditEvents.targetLabel, pattern),
          ilike(auditEvents.ipAddress, pattern),
          ilike(sql`${auditEvents.details}::text`, pattern),
        ) as SQL;
      });
    if (query.action) conditions.push(eq(auditEvents.action, query.action));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.limit)
      .offset(query.offset);
    const [{ n }] = await this.db.select({ n: count() }).from(auditEvents).where(where);
    return { rows, total: n };
  }
}
