import {
  internalSourceType,
  PRIORITY_MESSAGES,
  type JobPermissionResponse,
  type OrganizationPrioritiesResponse,
  type PermissionSource,
  type RequestedSource,
  type UpdatePrioritiesRequest,
} from '@hivqe/contract';
import { badRequest, forbidden } from '../../lib/http-errors.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import type { AuthRepo, UserRow } from '../auth/repo.ts';
import {
  computePriorities,
  isInternalEmail,
  jobPermission,
  resolveSource,
  selectionRefusal,
  type PriorityFacts,
} from './compute.ts';
import type { PrioritiesRepo } from './repo.ts';
import type { SubscriptionsRepo } from './subscriptions.ts';

export interface PrioritiesServiceDeps {
  repo: PrioritiesRepo;
  subscriptions: SubscriptionsRepo;
  users: AuthRepo;
  audit: AuditLog;
  /** Accounts in this e-mail domain are the company's own: direct execution. */
  internalEmailDomain?: string;
  companyName: string;
  now?: () => Date;
}

/** Which source permits a user's jobs: their organizations in their order, the internal domain, their own. */
export class PrioritiesService {
  private readonly now: () => Date;

  constructor(private readonly deps: PrioritiesServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async priorities(user: UserRow): Promise<OrganizationPrioritiesResponse> {
    return computePriorities(await this.facts(user));
  }

  async jobPermission(user: UserRow): Promise<JobPermissionResponse> {
    return jobPermission(await this.facts(user));
  }

  /** Saves the member's order of valid organizations; an empty list restores join order. */
  async update(actor: Actor, input: UpdatePrioritiesRequest): Promise<OrganizationPrioritiesResponse> {
    const ordered = [...input.priorities].sort((a, b) => a.priority - b.priority);
    const ids = ordered.map((item) => item.organization_id);
    const refusal = selectionRefusal(await this.facts(actor.user), ids);
    if (refusal) throw badRequest(refusal);
    await this.deps.repo.transaction((repo) => repo.setOrder(actor.user.id, ids));
    await this.deps.audit.record(
      actor,
      ids.length ? 'priorities.update' : 'priorities.reset',
      { type: 'priorities', id: actor.user.id, label: actor.user.email },
      { organization_ids: ids },
    );
    return this.priorities(actor.user);
  }

  /**
   * For the jobs module: the source a new job runs under. A requested source must be valid now; without
   * one, the active source. 403 with the reason otherwise.
   */
  async resolveSource(userId: string, requested?: RequestedSource): Promise<PermissionSource> {
    const user = await this.deps.users.findUserById(userId);
    if (!user) throw forbidden(PRIORITY_MESSAGES.noSource, 'no_permission_source');
    const resolution = resolveSource(await this.facts(user), requested);
    if ('refusal' in resolution) throw forbidden(resolution.refusal, 'no_permission_source');
    return resolution.source;
  }

  private async facts(user: UserRow): Promise<PriorityFacts> {
    const { internalEmailDomain } = this.deps;
    const now = this.now();
    const [memberships, personal] = await Promise.all([
      this.deps.repo.memberships(user.id, now),
      this.deps.subscriptions.activeSubscription(user.id, now),
    ]);
    return {
      email: user.email,
      internalSourceType: isInternalEmail(user.email, internalEmailDomain)
        ? internalSourceType(this.deps.companyName)
        : null,
      memberships: memberships.map((row) => ({
        organizationId: row.organizationId,
        organizationName: row.organizationName,
        role: row.role,
        canCreateJobs: row.canCreateJobs,
        joinedAt: row.joinedAt,
        priority: row.priority,
        ownerEmail: row.ownerEmail,
        ownerInternal: !!row.ownerEmail && isInternalEmail(row.ownerEmail, internalEmailDomain),
        ownerSubscription: {
          active: row.ownerSubscriptionActive,
          verifiedAt: row.ownerSubscriptionVerifiedAt,
        },
      })),
      personal: { active: !!personal, verifiedAt: personal?.verifiedAt ?? null },
    };
  }
}
