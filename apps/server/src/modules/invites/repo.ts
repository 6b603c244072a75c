import { and, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Repo } from '../../db/repo.ts';
import { invitations, organizationMembers, organizations, users } from '../../db/schema/index.ts';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
export type InvitationListRow = InvitationRow & { orgName: string | null; inviterEmail: string | null };

const inviter = alias(users, 'inviter');

/**
 * Which invitations a listing shows: all of them, those of the organizations a user owns, or those still open
 * to one address (pending, not expired).
 */
export type InvitationScope = { all: true } | { ownerId: string } | { pendingFor: string; now: Date };

export class InvitesRepo extends Repo {
  async insert(invitation: NewInvitation): Promise<InvitationRow> {
    const [row] = await this.db.insert(invitations).values(invitation).returning();
    return row;
  }

  async update(id: string, patch: Partial<NewInvitation>): Promise<void> {
    await this.db.update(invitations).set(patch).where(eq(invitations.id, id));
  }

  async findByTokenHash(tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await this.db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
    return row;
  }

  /** Locks the invitation so that accepting, resending and cancelling apply one at a time. */
  async lock(id: string): Promise<InvitationRow | undefined> {
    const [row] = await this.db.select().from(invitations).where(eq(invitations.id, id)).for('update');
    return row;
  }

  /** A pending invitation of `email` to the same organization (or to none) that has not expired. */
  async findLivePending(email: string, orgId: string | null, now: Date): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.email, email),
          orgId ? eq(invitations.orgId, orgId) : isNull(invitations.orgId),
          eq(invitations.status, 'pending'),
          gt(invitations.expiresAt, now),
        ),
      );
    return row;
  }

  async find(id: string): Promise<InvitationListRow | undefined> {
    const [row] = await this.listed(eq(invitations.id, id));
    return row;
  }

  /** Newest first. */
  list(scope: InvitationScope): Promise<InvitationListRow[]> {
    if ('all' in scope) return this.listed();
    if ('pendingFor' in scope) {
      return this.listed(
        and(
          eq(invitations.email, scope.pendingFor),
          eq(invitations.status, 'pending'),
          gt(invitations.expiresAt, scope.now),
        ),
      );
    }
    const owned = this.db
      .select({ orgId: organizationMembers.orgId })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.userId, scope.ownerId),
          eq(organizationMembers.role, 'organization_owner'),
        ),
      );
    return this.listed(inArray(invitations.orgId, owned));
  }

  private async listed(where?: SQL): Promise<InvitationListRow[]> {
    const rows = await this.db
      .select({ invitation: invitations, orgName: organizations.name, inviterEmail: inviter.email })
      .from(invitations)
      .leftJoin(organizations, eq(organizations.id, invitations.orgId))
      .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id));
    return rows.map((row) => ({ ...row.invitation, orgName: row.orgName, inviterEmail: row.inviterEmail }));
  }
}
