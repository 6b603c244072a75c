import { randomUUID } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  INVITATION_LIFETIME_DAYS,
  INVITE_CANCEL_REASON,
  INVITE_MESSAGES,
  ORG_MESSAGES,
  type AcceptInviteRequest,
  type AcceptInviteResponse,
  type AuditAction,
  type Invitation,
  type InvitationLookup,
  type InvitationRole,
  type InvitationsResponse,
} from '@hivqe/contract';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import { AuthRepo, type UserRow } from '../auth/repo.ts';
import { assertPasswordPolicy } from '../auth/password-policy.ts';
import type { Passwords } from '../auth/passwords.ts';
import type { SignInClient, SignInGuard } from '../auth/sign-in-guard.ts';
import type { Origin } from '../auth/service.ts';
import type { TokenService } from '../auth/tokens.ts';
import { MailSendsRepo } from '../mail-budget/repo.ts';
import type { MailBudget } from '../mail-budget/service.ts';
import { authorize } from '../orgs/policy.ts';
import { OrgsRepo, type MembershipRow, type OrganizationRow } from '../orgs/repo.ts';
import { joinAsMember, makeOwner, standing } from '../orgs/service.ts';
import { invitationMail } from './mails.ts';
import { presentInvitation, statusOf } from './presenters.ts';
import type { InvitationListRow, InvitationRow, InvitesRepo } from './repo.ts';

export interface InvitesServiceDeps {
  repo: InvitesRepo;
  tokens: TokenService;
  passwords: Passwords;
  /** An existing account's password is checked under the same limits as a sign-in. */
  signIn: SignInGuard;
  mailer: Mailer;
  /** Every invitation mailed, new or resent, draws on its sender's and its recipient's budget (issue 24, 2). */
  mailBudget: MailBudget;
  audit: AuditLog;
  /** Where the console is reached, for the accept link. */
  publicUrl: string;
  now?: () => Date;
}

interface NewInvitation {
  email: string;
  role: InvitationRole;
  orgId: string | null;
  message?: string;
}

const LIFETIME_MS = INVITATION_LIFETIME_DAYS * 86_400_000;

/** Single-use e-mailed invitations that create an account and grant a membership or the admin role. */
export class InvitesService {
  private readonly now: () => Date;

  constructor(private readonly deps: InvitesServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** System administrators only (the route's guard): an account, optionally in an organization, or an admin. */
  async inviteToSystem(actor: Actor, invitation: NewInvitation): Promise<Invitation> {
    if (invitation.orgId && !(await this.deps.repo.peer(OrgsRepo).findOrganization(invitation.orgId))) {
      throw notFound(ORG_MESSAGES.notFound);
    }
    return this.invite(actor, invitation);
  }

  /** The organization's owner or a system administrator. */
  async inviteToOrganization(
    actor: Actor,
    invitation: NewInvitation & { orgId: string },
  ): Promise<Invitation> {
    const orgs = this.deps.repo.peer(OrgsRepo);
    if (!(await orgs.findOrganization(invitation.orgId))) throw notFound(ORG_MESSAGES.notFound);
    authorize('invite', standing(actor.user, await orgs.membership(invitation.orgId, actor.user.id)));
    return this.invite(actor, invitation);
  }

  /** System administrators see every invitation, owners those of their organizations. */
  async list(actor: Actor): Promise<InvitationsResponse> {
    const { repo } = this.deps;
    if (
      !actor.user.isSystemAdmin &&
      !(await repo.peer(OrgsRepo).rolesOf(actor.user.id)).includes('organization_owner')
    ) {
      throw forbidden(INVITE_MESSAGES.listForbidden);
    }
    const rows = await repo.list(actor.user.isSystemAdmin ? { all: true } : { ownerId: actor.user.id });
    const now = this.now();
    return { invitations: rows.map((row) => presentInvitation(row, now)) };
  }

  /** A new token and a new expiry; the old link stops working. Expired invitations can be renewed this way. */
  async resend(actor: Actor, inviteId: string, bodyId: string): Promise<Invitation> {
    sameInvitation(inviteId, bodyId);
    const token = this.deps.tokens.newOpaqueToken();
    const expiresAt = new Date(this.now().getTime() + LIFETIME_MS);
    await this.manage(actor, inviteId, 'invitation.resend', async (repo, invitation) => {
      if (invitation.status !== 'pending') throw conflict(INVITE_MESSAGES.notResendable);
      // In the transaction: a refusal leaves the old link working.
      const { user, origin } = actor;
      const { email, message } = invitation;
      await this.deps.mailBudget.spendOnInvitation(user, origin.ip, email, message, repo.peer(MailSendsRepo));
      await repo.update(invitation.id, { tokenHash: this.deps.tokens.hashOpaque(token), expiresAt });
    });
    const row = await this.found(inviteId);
    await this.mail(actor, row, token);
    return presentInvitation(row, this.now());
  }

  async cancel(actor: Actor, inviteId: string, bodyId: string): Promise<Invitation> {
    sameInvitation(inviteId, bodyId);
    await this.manage(actor, inviteId, 'invitation.cancel', async (repo, invitation) => {
      if (statusOf(invitation, this.now()) !== 'pending') throw conflict(INVITE_MESSAGES.notPending);
      await repo.update(invitation.id, {
        status: 'cancelled',
        cancelledAt: this.now(),
        cancelReason: INVITE_CANCEL_REASON,
      });
    });
    return presentInvitation(await this.found(inviteId), this.now());
  }

  /**
   * What the holder of a pending invitation's link sees before accepting. The token is the secret: an unknown
   * one learns nothing, and a used, cancelled or expired one only that it can no longer be accepted.
   */
  async lookup(token: string): Promise<InvitationLookup> {
    const { repo } = this.deps;
    const invitation = await repo.findByTokenHash(this.deps.tokens.hashOpaque(token));
    if (!invitation) throw badRequest(INVITE_MESSAGES.invalidToken, 'invalid_code');
    this.assertAcceptable(invitation);
    const [row, account] = await Promise.all([
      this.found(invitation.id),
      repo.peer(AuthRepo).findUserByLogin(invitation.email),
    ]);
    return {
      email: row.email,
      role: row.role,
      org_name: row.orgName,
      expires_at: row.expiresAt.toISOString(),
      account_exists: !!account && hasOwnPassword(account),
    };
  }

  /**
   * The link proves the e-mail address, so a new account is confirmed at once. An existing account must give
   * its password; an unconfirmed one never proved the address, so the invitee takes it over.
   */
  async accept(
    input: AcceptInviteRequest,
    origin: Origin,
    deviceCookie: string | undefined,
  ): Promise<AcceptInviteResponse> {
    const { repo } = this.deps;
    const seen = await repo.findByTokenHash(this.deps.tokens.hashOpaque(input.token));
    if (!seen) throw badRequest(INVITE_MESSAGES.invalidToken, 'invalid_code');
    const accepted = await repo.transaction(async (tx) => {
      const orgs = tx.peer(OrgsRepo);
      const users = tx.peer(AuthRepo);
      // The organization first, then the invitation: the order deleting an organization takes them in.
      const org = seen.orgId ? await orgs.lockOrganization(seen.orgId) : undefined;
      const invitation = await tx.lock(seen.id);
      if (!invitation || invitation.tokenHash !== seen.tokenHash) {
        throw badRequest(INVITE_MESSAGES.invalidToken, 'invalid_code');
      }
      this.assertAcceptable(invitation);
      const user = await this.claimAccount(users, invitation.email, input, { ip: origin.ip, deviceCookie });
      return this.grant(tx, invitation, org, user);
    });
    await this.recordAccept({ user: accepted.user, origin }, accepted);
    return { email: accepted.user.email, message: INVITE_MESSAGES.accepted };
  }

  /** The pending invitations addressed to the signed-in user, for the organizations screen (issue 24). */
  async listMine(actor: Actor): Promise<InvitationsResponse> {
    const now = this.now();
    const rows = await this.deps.repo.list({ pendingFor: actor.user.email, now });
    return { invitations: rows.map((row) => presentInvitation(row, now)) };
  }

  /**
   * The signed-in invitee accepts in the console: their session proves the address, as the link does. Only
   * the user the invitation is addressed to may; anyone else is told it does not exist.
   */
  async acceptAsInvitee(actor: Actor, inviteId: string, bodyId: string): Promise<Invitation> {
    sameInvitation(inviteId, bodyId);
    const accepted = await this.answer(actor, inviteId, async (tx, invitation, org) => {
      this.assertAcceptable(invitation);
      return this.grant(tx, invitation, org, actor.user);
    });
    await this.recordAccept(actor, accepted);
    return presentInvitation(await this.found(inviteId), this.now());
  }

  /** The signed-in invitee declines: the invitation is closed as 'rejected' and grants nothing. */
  async decline(actor: Actor, inviteId: string, bodyId: string): Promise<Invitation> {
    sameInvitation(inviteId, bodyId);
    await this.answer(actor, inviteId, async (tx, invitation) => {
      this.assertAcceptable(invitation);
      await tx.update(invitation.id, { status: 'rejected', rejectedAt: this.now() });
    });
    const row = await this.found(inviteId);
    await this.deps.audit.record(actor, 'invitation.decline', target(row), {
      role: row.role,
      org_id: row.orgId,
      org_name: row.orgName,
    });
    return presentInvitation(row, this.now());
  }

  /**
   * Locks the organization, then the invitation (the order accepting by link and deleting take), and lets
   * `work` run if the invitation is addressed to the caller.
   */
  private async answer<T>(
    actor: Actor,
    inviteId: string,
    work: (tx: InvitesRepo, invitation: InvitationRow, org: OrganizationRow | undefined) => Promise<T>,
  ): Promise<T> {
    const seen = await this.deps.repo.find(inviteId);
    if (!seen || seen.email !== actor.user.email) throw notFound(INVITE_MESSAGES.notFound);
    return this.deps.repo.transaction(async (tx) => {
      const org = seen.orgId ? await tx.peer(OrgsRepo).lockOrganization(seen.orgId) : undefined;
      const invitation = await tx.lock(seen.id);
      if (!invitation) throw notFound(INVITE_MESSAGES.notFound);
      return work(tx, invitation, org);
    });
  }

  /** What accepting grants: the system-admin role, the membership, the ownership; then the invitation is used. */
  private async grant(
    tx: InvitesRepo,
    invitation: InvitationRow,
    org: OrganizationRow | undefined,
    invitee: UserRow,
  ) {
    const orgs = tx.peer(OrgsRepo);
    let user = invitee;
    if (invitation.role === 'system_admin' && !user.isSystemAdmin) {
      user = await tx.peer(AuthRepo).updateUser(user.id, { isSystemAdmin: true });
    }
    if (org) {
      if (!(await orgs.membership(org.id, user.id))) await joinAsMember(orgs, org, user.id);
      if (invitation.role === 'organization_owner') await makeOwner(orgs, org, user);
    }
    await tx.update(invitation.id, { status: 'accepted', acceptedAt: this.now() });
    return { user, invitation, orgName: org?.name ?? null };
  }

  private recordAccept(
    actor: Actor,
    accepted: { invitation: InvitationRow; orgName: string | null },
  ): Promise<void> {
    return this.deps.audit.record(
      actor,
      'invitation.accept',
      { type: 'invitation', id: accepted.invitation.id, label: accepted.invitation.email },
      {
        role: accepted.invitation.role,
        org_id: accepted.invitation.orgId,
        org_name: accepted.orgName,
      },
    );
  }

  /**
   * An existing account proves its password; a new one, or one whose password the mailbox never proved
   * (unconfirmed, or confirmed without a password), gets the chosen name and password.
   */
  private async claimAccount(
    users: AuthRepo,
    email: string,
    input: AcceptInviteRequest,
    client: SignInClient,
  ): Promise<UserRow> {
    const { passwords, signIn } = this.deps;
    const existing = await users.findUserByLogin(email);
    if (existing && hasOwnPassword(existing)) {
      const ok = await signIn.checkPassword({ userId: existing.id }, client, () =>
        passwords.verify(existing.passwordHash, input.password),
      );
      if (!ok) {
        throw forbidden(INVITE_MESSAGES.wrongPassword);
      }
      return existing.name || !input.name ? existing : users.updateUser(existing.id, { name: input.name });
    }
    if (!input.name) throw badRequest(INVITE_MESSAGES.nameRequired);
    assertPasswordPolicy(input.password);
    const account = {
      passwordHash: await passwords.hash(input.password),
      name: input.name,
      status: 'CONFIRMED' as const,
      emailVerified: true,
    };
    return existing
      ? users.updateUser(existing.id, account)
      : users.insertUser({ ...account, username: randomUUID(), email });
  }

  private async invite(actor: Actor, invitation: NewInvitation): Promise<Invitation> {
    const { repo, tokens } = this.deps;
    const now = this.now();
    const user = await repo.peer(AuthRepo).findUserByLogin(invitation.email);
    const membership =
      user && invitation.orgId ? await repo.peer(OrgsRepo).membership(invitation.orgId, user.id) : undefined;
    const pointless = nothingToGrant(invitation, user, membership);
    if (pointless) throw conflict(pointless);
    if (await repo.findLivePending(invitation.email, invitation.orgId, now)) {
      throw conflict(INVITE_MESSAGES.pendingExists);
    }
    const { ip } = actor.origin;
    await this.deps.mailBudget.spendOnInvitation(actor.user, ip, invitation.email, invitation.message);
    const token = tokens.newOpaqueToken();
    const created = await repo.insert({
      email: invitation.email,
      role: invitation.role,
      orgId: invitation.orgId,
      message: invitation.message ?? null,
      tokenHash: tokens.hashOpaque(token),
      invitedBy: actor.user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIFETIME_MS),
    });
    const row = await this.found(created.id);
    await this.deps.audit.record(actor, 'invitation.create', target(row), {
      role: row.role,
      org_id: row.orgId,
      org_name: row.orgName,
    });
    await this.mail(actor, row, token);
    return presentInvitation(row, now);
  }

  /** Resend and cancel: system administrators any invitation, an owner those of their organizations. */
  private async manage(
    actor: Actor,
    inviteId: string,
    action: AuditAction,
    work: (repo: InvitesRepo, invitation: InvitationRow) => Promise<void>,
  ): Promise<void> {
    const invitation = await this.deps.repo.transaction(async (repo) => {
      const row = await repo.lock(inviteId);
      if (!row) throw notFound(INVITE_MESSAGES.notFound);
      if (row.orgId) {
        authorize(
          'invite',
          standing(actor.user, await repo.peer(OrgsRepo).membership(row.orgId, actor.user.id)),
        );
      } else if (!actor.user.isSystemAdmin) {
        throw forbidden(ADMIN_MESSAGES.required);
      }
      await work(repo, row);
      return row;
    });
    await this.deps.audit.record(actor, action, target(invitation), { org_id: invitation.orgId });
  }

  private assertAcceptable(invitation: InvitationRow): void {
    const status = statusOf(invitation, this.now());
    if (status === 'accepted') throw conflict(INVITE_MESSAGES.alreadyAccepted);
    if (status === 'cancelled') throw badRequest(INVITE_MESSAGES.cancelled);
    if (status === 'rejected') throw badRequest(INVITE_MESSAGES.alreadyDeclined);
    if (status === 'expired') throw badRequest(INVITE_MESSAGES.expired);
  }

  private async found(inviteId: string) {
    const row = await this.deps.repo.find(inviteId);
    if (!row) throw notFound(INVITE_MESSAGES.notFound);
    return row;
  }

  private mail(actor: Actor, row: InvitationListRow, token: string) {
    return this.deps.mailer.send(
      invitationMail({
        to: row.email,
        role: row.role,
        organizationName: row.orgName,
        inviterEmail: actor.user.email,
        message: row.message,
        token,
        expiresAt: row.expiresAt,
        publicUrl: this.deps.publicUrl,
      }),
    );
  }
}

/**
 * An account whose password its owner set and proved: accepting asks for that password. An unconfirmed one, or
 * one whose password must be reset, is taken over by the invitee with a name and a new password.
 */
function hasOwnPassword(user: UserRow): boolean {
  return user.status !== 'UNCONFIRMED' && user.status !== 'RESET_REQUIRED';
}

/** The console sends the id in the path and the body; they must agree. */
function sameInvitation(pathId: string, bodyId: string): void {
  if (pathId !== bodyId) throw badRequest(INVITE_MESSAGES.idMismatch);
}

const target = (row: InvitationRow) => ({ type: 'invitation' as const, id: row.id, label: row.email });

/** Why an invitation would change nothing for an existing, confirmed account; null when it grants something. */
function nothingToGrant(
  invitation: NewInvitation,
  user: UserRow | undefined,
  membership: MembershipRow | undefined,
): string | null {
  if (!user || user.status === 'UNCONFIRMED') return null;
  if (invitation.role === 'system_admin' && !user.isSystemAdmin) return null;
  if (invitation.role === 'organization_owner' && membership?.role !== 'organization_owner') return null;
  if (invitation.orgId && !membership) return null;
  if (invitation.orgId) return INVITE_MESSAGES.alreadyMember;
  return invitation.role === 'system_admin'
    ? INVITE_MESSAGES.alreadyAdmin
    : INVITE_MESSAGES.alreadyRegistered;
}
