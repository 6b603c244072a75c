import type { OrganizationRole } from '@hivqe/contract';
import { and, asc, eq, gt, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Repo } from '../../db/repo.ts';
import { organizationMembers, organizations, ownershipTransfers, users } from '../../db/schema/index.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type MembershipRow = typeof organizationMembers.$inferSelect;
export type NewMembership = typeof organizationMembers.$inferInsert;
export type TransferRow = typeof ownershipTransfers.$inferSelect;

const creator = alias(users, 'creator');
const mine = alias(organizationMembers, 'mine');
const transferFrom = alias(users, 'transfer_from');
const transferTo = alias(users, 'transfer_to');

/** An organization's owner, to join as `ownership` (the membership) and `owner` (the user). */
export const ownership = alias(organizationMembers, 'ownership');
export const owner = alias(users, 'owner');
export const ownershipOfOrganization = and(
  eq(ownership.orgId, organizations.id),
  eq(ownership.role, 'organization_owner'),
);

/** A request that can still be accepted: pending, not expired, and from the organization's current owner. */
const liveTransfer = (now: Date) =>
  and(
    eq(ownershipTransfers.orgId, organizations.id),
    eq(ownershipTransfers.status, 'pending'),
    gt(ownershipTransfers.expiresAt, now),
    eq(ownershipTransfers.fromUserId, ownership.userId),
  );

export const memberCount = sql<number>`(select count(*) from organization_members m where m.org_id = ${organizations.id})::int`;

const memberColumns = {
  userId: organizationMembers.userId,
  email: users.email,
  username: users.username,
  name: users.name,
  role: organizationMembers.role,
  canCreateJobs: organizationMembers.canCreateJobs,
  joinedAt: organizationMembers.joinedAt,
};
export interface MemberRow {
  userId: string;
  email: string;
  username: string;
  name: string | null;
  role: OrganizationRole;
  canCreateJobs: boolean;
  joinedAt: Date;
}

/** Organizations and their memberships. */
export class OrgsRepo extends Repo {
  async insertOrganization(org: typeof organizations.$inferInsert): Promise<OrganizationRow> {
    const [row] = await this.db.insert(organizations).values(org).returning();
    return row;
  }

  async findOrganization(orgId: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(eq(organizations.id, orgId));
    return row;
  }

  /** Locks the organization's row: every change to its members and owner queues behind this. */
  async lockOrganization(orgId: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(eq(organizations.id, orgId)).for('update');
    return row;
  }

  async deleteOrganization(orgId: string): Promise<void> {
    await this.db.delete(organizations).where(eq(organizations.id, orgId));
  }

  async renameOrganization(orgId: string, name: string): Promise<void> {
    await this.db.update(organizations).set({ name }).where(eq(organizations.id, orgId));
  }

  /**
   * Every organization, or only the caller's, with its owner, creator, size, the caller's role and the live
   * transfer request, if any.
   */
  listOrganizations(callerId: string, onlyCallers: boolean, now: Date) {
    return this.organizationsSeenBy(callerId, now, onlyCallers ? isNotNull(mine.userId) : undefined);
  }

  /** One organization as the list shows it to `callerId`. */
  async listedOrganization(callerId: string, orgId: string, now: Date) {
    const [row] = await this.organizationsSeenBy(callerId, now, eq(organizations.id, orgId));
    return row;
  }

  private organizationsSeenBy(callerId: string, now: Date, where: SQL | undefined) {
    return this.db
      .select({
        id: organizations.id,
        name: organizations.name,
        createdAt: organizations.createdAt,
        defaultCanCreateJobs: organizations.defaultCanCreateJobs,
        createdBy: creator.email,
        ownerEmail: owner.email,
        memberCount,
        role: mine.role,
        transferId: ownershipTransfers.id,
        transferFrom: transferFrom.email,
        transferTo: transferTo.email,
        transferCreatedAt: ownershipTransfers.createdAt,
        transferExpiresAt: ownershipTransfers.expiresAt,
      })
      .from(organizations)
      .leftJoin(creator, eq(creator.id, organizations.createdBy))
      .leftJoin(ownership, ownershipOfOrganization)
      .leftJoin(owner, eq(owner.id, ownership.userId))
      .leftJoin(mine, and(eq(mine.orgId, organizations.id), eq(mine.userId, callerId)))
      .leftJoin(ownershipTransfers, liveTransfer(now))
      .leftJoin(transferFrom, eq(transferFrom.id, ownershipTransfers.fromUserId))
      .leftJoin(transferTo, eq(transferTo.id, ownershipTransfers.toUserId))
      .where(where)
      .orderBy(asc(organizations.createdAt), asc(organizations.id));
  }

  async membership(orgId: string, userId: string): Promise<MembershipRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)));
    return row;
  }

  /** The owner first, then by join date. */
  async listMembers(orgId: string): Promise<MemberRow[]> {
    return this.db
      .select(memberColumns)
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(organizationMembers.orgId, orgId))
      .orderBy(
        sql`${organizationMembers.role} = 'organization_owner' desc`,
        asc(organizationMembers.joinedAt),
        asc(users.email),
      );
  }

  async member(orgId: string, userId: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select(memberColumns)
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)));
    return row;
  }

  async insertMembership(membership: NewMembership): Promise<void> {
    await this.db.insert(organizationMembers).values(membership);
  }

  async updateMembership(
    orgId: string,
    userId: string,
    patch: Partial<Pick<MembershipRow, 'canCreateJobs'>>,
  ): Promise<void> {
    await this.db
      .update(organizationMembers)
      .set(patch)
      .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)));
  }

  async deleteMembership(orgId: string, userId: string): Promise<void> {
    await this.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)));
  }

  /**
   * Makes `userId` (already a member) the owner and the previous owner a member whose job permission is the
   * organization's default. Demoting first keeps the one-owner index satisfied after each statement; the
   * caller holds the organization's lock.
   */
  async makeOwner(orgId: string, userId: string, demotedCanCreateJobs: boolean): Promise<void> {
    await this.db
      .update(organizationMembers)
      .set({ role: 'organization_member', canCreateJobs: demotedCanCreateJobs })
      .where(
        and(
          eq(organizationMembers.orgId, orgId),
          eq(organizationMembers.role, 'organization_owner'),
          ne(organizationMembers.userId, userId),
        ),
      );
    await this.db
      .update(organizationMembers)
      .set({ role: 'organization_owner' })
      .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)));
  }

  /** Whether `userId` owns an organization of this name (compared as the owner-name index compares). */
  async ownsOrganizationNamed(userId: string, name: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.ownerId, userId), sql`lower(${organizations.name}) = lower(${name})`));
    return !!row;
  }

  async insertTransfer(transfer: typeof ownershipTransfers.$inferInsert): Promise<TransferRow> {
    const [row] = await this.db.insert(ownershipTransfers).values(transfer).returning();
    return row;
  }

  /** The organization's stored pending request, live or past its expiry; the caller holds the lock. */
  async pendingTransfer(orgId: string): Promise<TransferRow | undefined> {
    const [row] = await this.db
      .select()
      .from(ownershipTransfers)
      .where(and(eq(ownershipTransfers.orgId, orgId), eq(ownershipTransfers.status, 'pending')));
    return row;
  }

  /** Stores a pending request past its expiry as expired, so that a new one may be made. */
  async expireTransfers(orgId: string, now: Date): Promise<void> {
    await this.db
      .update(ownershipTransfers)
      .set({ status: 'expired' })
      .where(
        and(
          eq(ownershipTransfers.orgId, orgId),
          eq(ownershipTransfers.status, 'pending'),
          lte(ownershipTransfers.expiresAt, now),
        ),
      );
  }

  async closeTransfer(id: string, status: TransferRow['status'], respondedAt: Date): Promise<void> {
    await this.db
      .update(ownershipTransfers)
      .set({ status, respondedAt })
      .where(eq(ownershipTransfers.id, id));
  }

  async rolesOf(userId: string): Promise<OrganizationRole[]> {
    const rows = await this.db
      .selectDistinct({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, userId));
    return rows.map((row) => row.role);
  }
}
