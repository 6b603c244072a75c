import { and, eq, sql } from 'drizzle-orm';
import { Repo } from '../../db/repo.ts';
import { marketplaceSubscriptions, organizationMembers, organizations } from '../../db/schema/index.ts';
import { owner, ownership, ownershipOfOrganization } from '../orgs/repo.ts';
import { activeSubscription } from './subscriptions.ts';

/** A user's memberships as job-permission sources, and their own ranking of them. */
export class PrioritiesRepo extends Repo {
  /** Each membership with its organization, owner and whether the owner's subscription is active at `now`. */
  async memberships(userId: string, now: Date) {
    return this.db
      .select({
        organizationId: organizations.id,
        organizationName: organizations.name,
        role: organizationMembers.role,
        canCreateJobs: organizationMembers.canCreateJobs,
        joinedAt: organizationMembers.joinedAt,
        priority: organizationMembers.priority,
        ownerEmail: owner.email,
        ownerSubscriptionActive: sql<boolean>`${marketplaceSubscriptions.userId} is not null`,
        ownerSubscriptionVerifiedAt: marketplaceSubscriptions.verifiedAt,
      })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.orgId))
      .leftJoin(ownership, ownershipOfOrganization)
      .leftJoin(owner, eq(owner.id, ownership.userId))
      .leftJoin(
        marketplaceSubscriptions,
        and(eq(marketplaceSubscriptions.userId, ownership.userId), activeSubscription(now)),
      )
      .where(eq(organizationMembers.userId, userId));
  }

  /**
   * Ranks the listed organizations 1..n in this order and returns every other one to join order. The first
   * statement locks all the user's rows, so concurrent saves apply one after the other.
   */
  async setOrder(userId: string, organizationIds: string[]): Promise<void> {
    await this.db
      .update(organizationMembers)
      .set({ priority: null })
      .where(eq(organizationMembers.userId, userId));
    for (const [index, orgId] of organizationIds.entries()) {
      await this.db
        .update(organizationMembers)
        .set({ priority: index + 1 })
        .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.orgId, orgId)));
    }
  }
}
