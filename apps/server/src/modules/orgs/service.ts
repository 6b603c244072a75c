import {
  ORG_MESSAGES,
  ownNameTakenMessage,
  ownerNameTakenMessage,
  ownershipTransferredMessage,
  type AuditAction,
  type CreateOrganizationRequest,
  type MembersResponse,
  type Organization,
  type OrganizationMember,
  type OrganizationRole,
  type OrganizationsResponse,
} from '@hivqe/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import { AuthRepo, type UserRow } from '../auth/repo.ts';
import { authorize, type OrganizationAction, type Standing } from './policy.ts';
import { presentMember, presentOrganization } from './presenters.ts';
import { refusingNameClash } from './name-clash.ts';
import type { MembershipRow, OrganizationRow, OrgsRepo } from './repo.ts';

export interface OrgsServiceDeps {
  repo: OrgsRepo;
  audit: AuditLog;
}

type Message = { message: string };

/** Organizations, members, job permission and ownership; every change is authorized from the database. */
export class OrgsService {
  constructor(private readonly deps: OrgsServiceDeps) {}

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
    });
  }

  /** A system administrator sees every organization (spec 2.11); anyone else their own. */
  async list(actor: Actor): Promise<OrganizationsResponse> {
    const rows = await this.deps.repo.listOrganizations(actor.user.id, !actor.user.isSystemAdmin);
    return { organizations: rows.map(presentOrganization) };
  }

  /** The owner renames the organization; another of theirs with the same name makes it a 409. */
  async rename(actor: Actor, orgId: string, name: string): Promise<Organization> {
    const renamed = await refusingNameClash(
      () =>
        this.change(actor, orgId, 'rename', async (repo) => {
          await repo.renameOrganization(orgId, name);
          return repo.listedOrganization(actor.user.id, orgId);
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

  async addMember(actor: Actor, orgId: string, email: string): Promise<OrganizationMember> {
    const added = await this.change(actor, orgId, 'addMember', async (repo, org) => {
      const user = await userByLogin(repo, email, ORG_MESSAGES.userNotFound);
      if (await repo.membership(orgId, user.id)) throw conflict(ORG_MESSAGES.alreadyMember);
      await joinAsMember(repo, org, user.id);
      return memberOf(repo, orgId, user.id);
    });
    await this.audit(actor, 'member.add', added.org, { email: added.result.email });
    return added.result;
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

  /** The owner hands the organization to a member and becomes a member; exactly one owner at every moment. */
  async transferOwnership(actor: Actor, orgId: string, targetEmail: string): Promise<Message> {
    const moved = await this.change(actor, orgId, 'transferOwnership', async (repo, org) => {
      const { user, membership } = await existingMember(repo, orgId, targetEmail);
      if (membership.role === 'organization_owner') throw conflict(ORG_MESSAGES.alreadyOwner);
      await makeOwner(repo, org, user);
      return user.email;
    });
    await this.audit(actor, 'ownership.transfer', moved.org, { from: actor.user.email, to: moved.result });
    return { message: ownershipTransferredMessage(moved.result) };
  }

  /**
   * A system administrator sets a user's role, adding them if they are not a member. Making someone the
   * owner is the same atomic transfer; the owner cannot be demoted directly, as that would leave no owner.
   */
  async changeRole(
    actor: Actor,
    orgId: string,
    login: string,
    role: OrganizationRole,
  ): Promise<OrganizationMember> {
    const changed = await this.change(actor, orgId, 'changeRole', async (repo, org) => {
      const user = await userByLogin(repo, login, ORG_MESSAGES.userNotFound);
      const before = (await repo.membership(orgId, user.id))?.role ?? null;
      if (before === 'organization_owner' && role === 'organization_member') {
        throw conflict(ORG_MESSAGES.ownerRequired);
      }
      if (!before) await joinAsMember(repo, org, user.id);
      if (role === 'organization_owner' && before !== role) await makeOwner(repo, org, user);
      return { member: await memberOf(repo, orgId, user.id), before };
    });
    await this.audit(actor, 'member.role', changed.org, {
      email: changed.result.member.email,
      from: changed.result.before,
      to: role,
    });
    return changed.result.member;
  }

  /** The organization roles a user holds anywhere, for GET /auth/me/permissions. */
  rolesOf(userId: string): Promise<OrganizationRole[]> {
    return this.deps.repo.rolesOf(userId);
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

export function standing(user: UserRow, membership: MembershipRow | undefined): Standing {
  return { isSystemAdmin: user.isSystemAdmin, role: membership?.role ?? null };
}

/** Adds a user as a member with the organization's default job permission; the caller holds the lock. */
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
