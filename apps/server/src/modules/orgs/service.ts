import {
  ORG_MESSAGES,
  ownNameTakenMessage,
  ownerNameTakenMessage,
  ownershipTransferredMessage,
  TRANSFER_REQUEST_LIFETIME_DAYS,
  transferRequestedMessage,
  type AuditAction,
  type CreateOrganizationRequest,
  type MembersResponse,
  type Organization,
  type OrganizationMember,
  type OrganizationRole,
  type OrganizationsResponse,
} from '@hivqe/contract';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import { AuthRepo, type UserRow } from '../auth/repo.ts';
import { authorize, type OrganizationAction, type Standing } from './policy.ts';
import { presentMember, presentOrganization } from './presenters.ts';
import { refusingNameClash } from './name-clash.ts';
import type { MembershipRow, OrganizationRow, OrgsRepo, TransferRow } from './repo.ts';

export interface OrgsServiceDeps {
  repo: OrgsRepo;
  audit: AuditLog;
  now?: () => Date;
}

type Message = { message: string };

const TRANSFER_LIFETIME_MS = TRANSFER_REQUEST_LIFETIME_DAYS * 86_400_000;

/**
 * Organizations, members, job permission and ownership; every change is authorized from the database. Members
 * join through invitations (modules/invites), and ownership moves only when its target accepts (issue 24).
 */
export class OrgsService {
  private readonly now: () => Date;

  constructor(private readonly deps: OrgsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async create(actor: Actor, input: CreateOrganizationRequest): Promise<Organization> {
    const org = await refusingNameClash(
      () =>
        this.deps.repo.transaction(async (repo) => {
          const row = await repo.insertOrganization({
            name: input.name,
            defaultCanCreateJobs: input.default_can_create_jobs,
            createdBy: actor.user.id,
            ownerId: actor.user.id,
          });
          await repo.insertMembership({
            orgId: row.id,
            userId: actor.user.id,
            role: 'organization_owner',
            canCreateJobs: true,
          });
          return row;
        }),
      ownNameTakenMessage(input.name),
    );
    await this.audit(actor, 'organization.create', org, {
      default_can_create_jobs: org.defaultCanCreateJobs,
    });
    return presentOrganization({
      ...org,
      createdBy: actor.user.email,
      ownerEmail: actor.user.email,
      memberCount: 1,
      role: 'organization_owner',
      ...NO_TRANSFER,
    });
  }

  /** A system administrator sees every organization (spec 2.11); anyone else their own. */
  async list(actor: Actor): Promise<OrganizationsResponse> {
    const rows = await this.deps.repo.listOrganizations(actor.user.id, !actor.user.isSystemAdmin, this.now());
    return { organizations: rows.map(presentOrganization) };
  }

  /** The owner renames the organization; another of theirs with the same name makes it a 409. */
  async rename(actor: Actor, orgId: string, name: string): Promise<Organization> {
    const renamed = await refusingNameClash(
      () =>
        this.change(actor, orgId, 'rename', async (repo) => {
          await repo.renameOrganization(orgId, name);
          return repo.listedOrganization(actor.user.id, orgId, this.now());
        }),
      ownNameTakenMessage(name),
    );
    if (!renamed.result) throw notFound(ORG_MESSAGES.notFound);
    if (renamed.org.name !== name) {
      const from = renamed.org.name;
      await this.audit(actor, 'organization.rename', { ...renamed.org, name }, { from, to: name });
    }
    return presentOrganization(renamed.result);
  }

  async members(actor: Actor, orgId: string): Promise<MembersResponse> {
    const { repo } = this.deps;
    const org = await repo.findOrganization(orgId);
    if (!org) throw notFound(ORG_MESSAGES.notFound);
    authorize('view', standing(actor.user, await repo.membership(orgId, actor.user.id)));
    return { members: (await repo.listMembers(orgId)).map(presentMember) };
  }

  async removeMember(actor: Actor, orgId: string, login: string): Promise<Message> {
    const removed = await this.change(actor, orgId, 'removeMember', async (repo) => {
      const { user, membership } = await existingMember(repo, orgId, login);
      if (membership.role === 'organization_owner') throw conflict(ORG_MESSAGES.ownerCannotBeRemoved);
      await repo.deleteMembership(orgId, user.id);
      return user.email;
    });
    await this.audit(actor, 'member.remove', removed.org, { email: removed.result });
    return { message: ORG_MESSAGES.removed };
  }

  async leave(actor: Actor, orgId: string): Promise<Message> {
    const left = await this.change(actor, orgId, 'leave', async (repo) => {
      const membership = await repo.membership(orgId, actor.user.id);
      if (membership?.role === 'organization_owner') throw conflict(ORG_MESSAGES.ownerCannotLeave);
      await repo.deleteMembership(orgId, actor.user.id);
    });
    await this.audit(actor, 'member.leave', left.org);
    return { message: ORG_MESSAGES.left };
  }

  async deleteOrganization(actor: Actor, orgId: string): Promise<Message> {
    const deleted = await this.change(actor, orgId, 'deleteOrganization', async (repo) => {
      const members = await repo.listMembers(orgId);
      await repo.deleteOrganization(orgId);
      return members.map((member) => member.email);
    });
    await this.audit(actor, 'organization.delete', deleted.org, { members: deleted.result });
    return { message: ORG_MESSAGES.deleted };
  }

  async setJobPermission(
    actor: Actor,
    orgId: string,
    login: string,
    canCreateJobs: boolean,
  ): Promise<OrganizationMember> {
    const changed = await this.change(actor, orgId, 'setJobPermission', async (repo) => {
      const { user, membership } = await existingMember(repo, orgId, login);
      if (membership.role === 'organization_owner') throw conflict(ORG_MESSAGES.ownerAlwaysCreatesJobs);
      await repo.updateMembership(orgId, user.id, { canCreateJobs });
      return memberOf(repo, orgId, user.id);
    });
    await this.audit(actor, 'member.job_permission', changed.org, {
      email: changed.result.email,
      can_create_jobs: canCreateJobs,
    });
    return changed.result;
  }

  /**
   * The owner asks a member to take the organization over. Nothing moves until that member accepts; one
   * request is pending at a time, and a stale one (expired, or from a former owner) gives way to a new one.
   */
  async requestTransfer(actor: Actor, orgId: string, targetEmail: string): Promise<Message> {
    const now = this.now();
    const requested = await this.change(actor, orgId, 'transferOwnership', async (repo, org) => {
      const { user, membership } = await existingMember(repo, orgId, targetEmail);
      if (membership.role === 'organization_owner') throw conflict(ORG_MESSAGES.alreadyOwner);
      const pending = await repo.pendingTransfer(orgId);
      if (pending && isLive(pending, org, now)) throw conflict(ORG_MESSAGES.transferPending);
      await openTransfer(repo, org, user, now);
      return user.email;
    });
    await this.audit(actor, 'ownership.request', requested.org, {
      from: actor.user.email,
      to: requested.result,
    });
    return { message: transferRequestedMessage(requested.result) };
  }

  /**
   * The target accepts: they become the owner and the owner a regular member, atomically under the lock, so
   * two accepts (or an accept and a cancel) cannot both take effect.
   */
  async acceptTransfer(actor: Actor, orgId: string, requestId: string): Promise<Message> {
    const moved = await this.answer(actor, orgId, requestId, async (repo, org, request) => {
      if (!(await repo.membership(orgId, actor.user.id))) throw notFound(ORG_MESSAGES.memberNotFound);
      await makeOwner(repo, org, actor.user);
      await repo.closeTransfer(request.id, 'accepted', this.now());
      return (await repo.peer(AuthRepo).findUserById(request.fromUserId))?.email ?? null;
    });
    await this.audit(actor, 'ownership.transfer', moved.org, { from: moved.result, to: actor.user.email });
    return { message: ownershipTransferredMessage(actor.user.email) };
  }

  /** The target declines: nothing changes but the request, which is closed. */
  async declineTransfer(actor: Actor, orgId: string, requestId: string): Promise<Message> {
    const declined = await this.answer(actor, orgId, requestId, (repo, _org, request) =>
      repo.closeTransfer(request.id, 'declined', this.now()),
    );
    await this.audit(actor, 'ownership.decline', declined.org);
    return { message: ORG_MESSAGES.transferDeclined };
  }

  /** The owner (or a system administrator) withdraws the pending request. */
  async cancelTransfer(actor: Actor, orgId: string): Promise<Message> {
    const now = this.now();
    const cancelled = await this.change(actor, orgId, 'cancelTransfer', async (repo, org) => {
      const pending = await repo.pendingTransfer(orgId);
      if (!pending || !isLive(pending, org, now)) throw conflict(ORG_MESSAGES.transferNotPending);
      await repo.closeTransfer(pending.id, 'cancelled', now);
    });
    await this.audit(actor, 'ownership.cancel', cancelled.org);
    return { message: ORG_MESSAGES.transferCancelled };
  }

  /**
   * A system administrator's role change (spec 2.10), with the consent of whoever it binds (issue 24): it
   * never adds a member (Add Member invites them), and making a member the owner opens the same transfer
   * request the owner would, from the owner, which the member accepts or declines; it replaces a pending one.
   * The owner cannot be demoted directly, as that would leave no owner. Returns the member when nothing waits
   * for anyone, else the message saying what is pending.
   */
  async changeRole(
    actor: Actor,
    orgId: string,
    login: string,
    role: OrganizationRole,
  ): Promise<{ member: OrganizationMember } | { pending: Message }> {
    const now = this.now();
    const changed = await this.change(actor, orgId, 'changeRole', async (repo, org) => {
      const user = await userByLogin(repo, login, ORG_MESSAGES.userNotFound);
      const before = (await repo.membership(orgId, user.id))?.role ?? null;
      if (!before) throw conflict(ORG_MESSAGES.roleNeedsMembership);
      if (before === 'organization_owner' && role === 'organization_member') {
        throw conflict(ORG_MESSAGES.ownerRequired);
      }
      const requested = role === 'organization_owner' && before !== role;
      if (requested) {
        const pending = await repo.pendingTransfer(orgId);
        if (pending && isLive(pending, org, now)) await repo.closeTransfer(pending.id, 'cancelled', now);
        await openTransfer(repo, org, user, now);
      }
      return { member: await memberOf(repo, orgId, user.id), requested };
    });
    const { member, requested } = changed.result;
    if (!requested) return { member };
    await this.audit(actor, 'ownership.request', changed.org, {
      from: changed.org.ownerId === actor.user.id ? actor.user.email : null,
      to: member.email,
      by_system_admin: actor.user.email,
    });
    return { pending: { message: transferRequestedMessage(member.email) } };
  }

  /** The organization roles a user holds anywhere, for GET /auth/me/permissions. */
  rolesOf(userId: string): Promise<OrganizationRole[]> {
    return this.deps.repo.rolesOf(userId);
  }

  /** Accept and decline: only the live request named, only by the member it is addressed to. */
  private answer<T>(
    actor: Actor,
    orgId: string,
    requestId: string,
    work: (repo: OrgsRepo, org: OrganizationRow, request: TransferRow) => Promise<T>,
  ) {
    const now = this.now();
    return this.change(actor, orgId, 'view', async (repo, org) => {
      const pending = await repo.pendingTransfer(orgId);
      if (!pending || pending.id !== requestId || pending.fromUserId !== org.ownerId) {
        throw conflict(ORG_MESSAGES.transferNotPending);
      }
      if (pending.toUserId !== actor.user.id) throw forbidden(ORG_MESSAGES.transferNotForYou);
      if (!isLive(pending, org, now)) throw conflict(ORG_MESSAGES.transferExpired);
      return work(repo, org, pending);
    });
  }

  /**
   * Runs a change under the organization's row lock, after authorizing the caller's standing as it is inside
   * the lock, so concurrent changes (two transfers, a removal during a transfer) see each other's result.
   */
  private async change<T>(
    actor: Actor,
    orgId: string,
    action: OrganizationAction,
    work: (repo: OrgsRepo, org: OrganizationRow) => Promise<T>,
  ): Promise<{ org: OrganizationRow; result: T }> {
    return this.deps.repo.transaction(async (repo) => {
      const org = await repo.lockOrganization(orgId);
      if (!org) throw notFound(ORG_MESSAGES.notFound);
      authorize(action, standing(actor.user, await repo.membership(orgId, actor.user.id)));
      return { org, result: await work(repo, org) };
    });
  }

  private audit(actor: Actor, action: AuditAction, org: OrganizationRow, details?: Record<string, unknown>) {
    return this.deps.audit.record(
      actor,
      action,
      { type: 'organization', id: org.id, label: org.name },
      details,
    );
  }
}

/** What the list shows for an organization without a live transfer request. */
const NO_TRANSFER = {
  transferId: null,
  transferFrom: null,
  transferTo: null,
  transferCreatedAt: null,
  transferExpiresAt: null,
};

/** A stored pending request that can still be accepted: not expired, and from the current owner. */
function isLive(request: TransferRow, org: OrganizationRow, now: Date): boolean {
  return request.expiresAt > now && request.fromUserId === org.ownerId;
}

export function standing(user: UserRow, membership: MembershipRow | undefined): Standing {
  return { isSystemAdmin: user.isSystemAdmin, role: membership?.role ?? null };
}

/**
 * Opens a transfer request from the owner to `user`, a member (the caller holds the lock and has closed any
 * earlier request). A name clash is told now rather than when the target accepts; the index still decides then.
 */
async function openTransfer(repo: OrgsRepo, org: OrganizationRow, user: UserRow, now: Date): Promise<void> {
  if (!org.ownerId) throw conflict(ORG_MESSAGES.noOwnerToTransfer);
  if (await repo.ownsOrganizationNamed(user.id, org.name)) {
    throw conflict(ownerNameTakenMessage(user.email, org.name));
  }
  const pending = await repo.pendingTransfer(org.id);
  if (pending) await repo.closeTransfer(pending.id, 'expired', now);
  await repo.insertTransfer({
    orgId: org.id,
    fromUserId: org.ownerId,
    toUserId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TRANSFER_LIFETIME_MS),
  });
}

/**
 * Adds a user as a member with the organization's default job permission; the caller holds the lock. Only an
 * invitation the user accepts gets here.
 */
export function joinAsMember(repo: OrgsRepo, org: OrganizationRow, userId: string): Promise<void> {
  return repo.insertMembership({
    orgId: org.id,
    userId,
    role: 'organization_member',
    canCreateJobs: org.defaultCanCreateJobs,
  });
}

/**
 * Makes `user`, a member, the owner and the owner a member (the caller holds the lock); 409 when `user` already
 * owns an organization of this name.
 */
export function makeOwner(repo: OrgsRepo, org: OrganizationRow, user: UserRow): Promise<void> {
  return refusingNameClash(
    () => repo.makeOwner(org.id, user.id, org.defaultCanCreateJobs),
    ownerNameTakenMessage(user.email, org.name),
  );
}

async function userByLogin(repo: OrgsRepo, login: string, missing: string): Promise<UserRow> {
  const user = await repo.peer(AuthRepo).findUserByLogin(login);
  if (!user) throw notFound(missing);
  return user;
}

async function existingMember(repo: OrgsRepo, orgId: string, login: string) {
  const user = await userByLogin(repo, login, ORG_MESSAGES.memberNotFound);
  const membership = await repo.membership(orgId, user.id);
  if (!membership) throw notFound(ORG_MESSAGES.memberNotFound);
  return { user, membership };
}

async function memberOf(repo: OrgsRepo, orgId: string, userId: string): Promise<OrganizationMember> {
  const row = await repo.member(orgId, userId);
  if (!row) throw notFound(ORG_MESSAGES.memberNotFound);
  return presentMember(row);
}
