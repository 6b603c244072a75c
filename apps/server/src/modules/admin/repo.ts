import type { JobStatus } from '@hivqe/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { containing, Repo } from '../../db/repo.ts';
import { authEvents, jobs, organizationMembers, organizations, users } from '../../db/schema/index.ts';
import type { AuthEventRow, UserRow } from '../auth/repo.ts';
import { memberCount } from '../orgs/repo.ts';

/** Statuses of a job that is queued, running or stopping (those of Braket's jobs included). */
const UNFINISHED: readonly JobStatus[] = [
  'CREATED',
  'QUEUED',
  'PENDING',
  'STARTING',
  'RUNNING',
  'CANCELLING',
  'STOPPING',
];

export interface UserPageQuery {
  /** The e-mail address the previous page ended with. */
  after?: string;
  limit: number;
  search?: string;
}

/** Every user, their organizations, system administrators and the authentication history of all. */
export class AdminRepo extends Repo {
  /** Ordered by e-mail address, which is unique, so a page can start right after the previous one. */
  async users(query: UserPageQuery): Promise<UserRow[]> {
    const pattern = query.search ? containing(query.search) : undefined;
    return this.db
      .select()
      .from(users)
      .where(
        and(
          query.after ? gt(users.email, query.after) : undefined,
          pattern ? or(ilike(users.email, pattern), ilike(users.username, pattern)) : undefined,
        ),
      )
      .orderBy(asc(users.email))
      .limit(query.limit);
  }

  async organizationsOf(userIds: string[]) {
    if (userIds.length === 0) return [];
    return this.db
      .select({
        userId: organizationMembers.userId,
        orgId: organizations.id,
        orgName: organizations.name,
        role: organizationMembers.role,
      })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.orgId))
      .where(inArray(organizationMembers.userId, userIds))
      .orderBy(asc(organizations.name), asc(organizations.id));
  }

  /** The system administrators' ids, locked, so that two demotions cannot both leave "another admin". */
  async lockSystemAdmins(): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isSystemAdmin, true))
      .for('update');
    return rows.map((row) => row.id);
  }

  /** The organizations the user owns, locked against membership changes, with their sizes. */
  async lockOwnedOrganizations(userId: string) {
    return this.db
      .select({
        id: organizations.id,
        name: organizations.name,
        memberCount,
      })
      .from(organizations)
      .innerJoin(organizationMembers, eq(organizationMembers.orgId, organizations.id))
      .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.role, 'organization_owner')))
      .for('update', { of: organizations });
  }

  async deleteOrganizations(ids: string[]): Promise<void> {
    if (ids.length) await this.db.delete(organizations).where(inArray(organizations.id, ids));
  }

  /** Every user's jobs that are not over, with their owners' addresses: longest running first, then oldest queued. */
  async unfinishedJobs(limit: number) {
    return this.db
      .select({ job: jobs, ownerEmail: users.email })
      .from(jobs)
      .innerJoin(users, eq(users.id, jobs.userId))
      .where(inArray(jobs.status, [...UNFINISHED]))
      .orderBy(sql`${jobs.startedAt} asc nulls last`, asc(jobs.createdAt), asc(jobs.id))
      .limit(limit);
  }

  /** Newest first; `search` matches e-mail, event type, IP address or user agent. */
  async history(search: string | undefined, limit: number, offset: number) {
    const pattern = search ? containing(search) : undefined;
    const where: SQL | undefined = pattern
      ? or(
          ilike(authEvents.email, pattern),
          ilike(authEvents.eventType, pattern),
          ilike(authEvents.ipAddress, pattern),
          ilike(authEvents.userAgent, pattern),
        )
      : undefined;
    const rows: AuthEventRow[] = await this.db
      .select()
      .from(authEvents)
      .where(where)
      .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
      .limit(limit)
      .offset(offset);
    const [{ n }] = await this.db.select({ n: count() }).from(authEvents).where(where);
    return { rows, total: n };
  }
}
