import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  NEW_PASSWORD_REQUIRED,
  ORGANIZATION_ROLES,
  ROLES,
  type AuthEvent,
  type AuthEventType,
  type CompleteNewPasswordRequest,
  type ConfirmEmailRequest,
  type HistoryQuery,
  type HistoryResponse,
  type LoginRequest,
  type LoginResponse,
  type OrganizationRole,
  type PermissionsResponse,
  type ProfileResponse,
  type RegisterRequest,
  type TokenResponse,
  type UpdateProfileRequest,
} from '@hivqe/contract';
import { badRequest, forbidden, unauthorized } from '../../lib/http-errors.ts';
import type { Throttle, ThrottleRule } from '../../lib/throttle.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { MailBudget } from '../mail-budget/service.ts';
import { CODE_LIFETIME_MINUTES, OneTimeCodes } from './codes.ts';
import { accountExistsMail, confirmationMail } from './mails.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import { NO_USER_ID, PasswordRecovery } from './password-recovery.ts';
import type { Passwords } from './passwords.ts';
import type { AuthEventRow, AuthRepo, UserRow } from './repo.ts';
import { ResetGuessCeiling } from './reset-guess-ceiling.ts';
import { ResetLinks } from './reset-links.ts';
import { sessionOutlived } from './session-lifetime.ts';
import { claimantOf, retryLater, type SignInGuard } from './sign-in-guard.ts';
import type { AuthThrottleRules } from './throttle-rules.ts';
import {
  ACCESS_TOKEN_SECONDS,
  REAUTH_TOKEN_SECONDS,
  REFRESH_TOKEN_DAYS,
  type TokenService,
} from './tokens.ts';

/**
 * How long a refresh token just rotated still answers with its (unused) successor instead of counting as reuse:
 * long enough for two tabs or a retried request to refresh at once, short because a thief replaying a stolen,
 * already-used token inside it gets the successor too rather than revoking the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/** Where a request came from, for throttling and the authentication history. */
export interface Origin {
  ip: string;
  userAgent: string | null;
}

/** Deletes an account and what is theirs, or refuses (e.g. while it owns an organization with members). */
export interface AccountRemover {
  remove(actor: { user: UserRow; origin: Origin }, target: UserRow): Promise<void>;
}

export interface AuthServiceDeps {
  repo: AuthRepo;
  accountRemoval: AccountRemover;
  organizationRoles: (userId: string) => Promise<OrganizationRole[]>;
  tokens: TokenService;
  passwords: Passwords;
  mailer: Mailer;
  throttle: Throttle;
  rules: AuthThrottleRules;
  /** Every password check: device cookies, per-account back-off, per-address limit. */
  signIn: SignInGuard;
  /** Counts every code mailed, per recipient and client address, in the database. */
  mailBudget: MailBudget;
  /** Where the console is reached, for the link in reset mails. */
  publicUrl: string;
  now?: () => Date;
}

export class AuthService {
  private readonly now: () => Date;
  private readonly codes: OneTimeCodes;
  /** Forgot password and change password. */
  readonly recovery: PasswordRecovery;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.codes = new OneTimeCodes(deps.tokens, this.now);
    this.recovery = new PasswordRecovery({
      ...deps,
      codes: this.codes,
      links: new ResetLinks(deps.tokens, deps.publicUrl, this.now),
      guesses: new ResetGuessCeiling(deps.rules.resetGuessesPerAccount, this.now),
      guard: (key, rule) => this.guard(key, rule),
      record: (user, type, success, origin) => this.record(user, type, success, origin),
    });
  }

  /**
   * The same answer (201, the same message) after the same work (a password hash, one lookup, one event, one
   * mail) whether the address is free or not, so registering tells nobody whether it has an account (issue 24,
   * 6). A taken address gets a mail instead: a fresh confirmation code while it is unconfirmed (whoever holds
   * the mailbox confirms it, as before), else a note that it already has an account.
   */
  async register(input: RegisterRequest, origin: Origin): Promise<{ message: string }> {
    this.guard(`register:ip:${origin.ip}`, this.deps.rules.registerPerIp);
    this.deps.throttle.hit(`register:ip:${origin.ip}`, this.deps.rules.registerPerIp);
    assertPasswordPolicy(input.password);
    await this.deps.mailBudget.spendOnCode(input.email, origin.ip);
    const passwordHash = await this.deps.passwords.hash(input.password);
    // The user, its code and the mail commit together: a failure leaves no user without a code, and the
    // address free to register again.
    const registered = await this.deps.repo.transaction(async (repo) => {
      const inserted = await repo.insertUserIfNew({
        username: randomUUID(),
        email: input.email,
        passwordHash,
        status: 'UNCONFIRMED',
      });
      if (inserted) await this.mailCode(repo, inserted, origin.ip);
      return inserted;
    });
    if (registered) {
      await this.record(registered, 'SIGN_UP', true, origin);
      return { message: AUTH_MESSAGES.registered };
    }
    const existing = await this.deps.repo.findUserByLogin(input.email);
    if (existing && !existing.emailVerified) {
      await this.deps.repo.transaction((repo) => this.mailCode(repo, existing, origin.ip));
    } else if (existing) {
      await this.deps.mailer.send(accountExistsMail(existing.email));
    }
    if (existing) await this.record(existing, 'SIGN_UP', false, origin);
    return { message: AUTH_MESSAGES.registered };
  }

  /**
   * An address with no account, or one already confirmed, is checked like an account with no code pending (an
   * id no user has): the same 400 after the same work, so the answer tells nobody which it was (issue 24, 6).
   */
  async confirmEmail(input: ConfirmEmailRequest, origin: Origin): Promise<{ message: string }> {
    this.guard(`confirm:ip:${origin.ip}`, this.deps.rules.confirmPerIp);
    this.deps.throttle.hit(`confirm:ip:${origin.ip}`, this.deps.rules.confirmPerIp);
    if (input.password !== undefined) assertPasswordPolicy(input.password);
    const found = await this.deps.repo.findUserByLogin(input.username);
    const user = found && !found.emailVerified ? found : undefined;
    const checked = await this.codes
      .check(this.deps.repo, user?.id ?? NO_USER_ID, 'confirm_email', origin.ip, input.confirmation_code)
      .catch(async (error: unknown) => {
        await this.deps.repo.insertEvent({
          userId: user?.id ?? null,
          email: user?.email ?? input.username.toLowerCase(),
          eventType: 'CONFIRM_EMAIL',
          success: false,
          ipAddress: origin.ip,
          userAgent: origin.userAgent,
        });
        throw error;
      });
    if (!user) throw badRequest(AUTH_MESSAGES.codeExpired, 'invalid_code');
    // The code proves the mailbox, not the password given at registration (anyone may have typed that):
    // only a password given with the code signs in; without one the owner resets it by mail.
    const proven =
      input.password === undefined
        ? { status: 'RESET_REQUIRED' as const }
        : { status: 'CONFIRMED' as const, passwordHash: await this.deps.passwords.hash(input.password) };
    await this.deps.repo.transaction(async (repo) => {
      await this.codes.consume(repo, checked);
      await repo.updateUser(user.id, { ...proven, emailVerified: true });
      await repo.revokeSessionsOf(user.id, 'email confirmed');
    });
    await this.record(user, 'CONFIRM_EMAIL', true, origin);
    return {
      message: input.password === undefined ? AUTH_MESSAGES.confirmedNeedsPassword : AUTH_MESSAGES.confirmed,
    };
  }

  /**
   * The same answer after the same work whatever the address: the code is stored and mailed after the answer,
   * and only to an account still unconfirmed (issue 24, 6). A failure there goes to `onMailError`.
   */
  async resendConfirmation(
    login: string,
    origin: Origin,
    onMailError: (error: unknown) => void,
  ): Promise<{ message: string }> {
    const address = login.toLowerCase();
    const key = `resend:acct:${address}:${origin.ip}`;
    this.guard(key, this.deps.rules.resendPerAccount);
    this.deps.throttle.hit(key, this.deps.rules.resendPerAccount);
    const user = await this.deps.repo.findUserByLogin(login);
    // The login may be the username: the budget counts the address the code would go to.
    await this.deps.mailBudget.spendOnCode(user?.email ?? address, origin.ip);
    if (user && !user.emailVerified) {
      // On the next turn of the event loop, after this answer has gone; stored with the mail sent, so a mail
      // that fails leaves the previous code working.
      setImmediate(() =>
        this.deps.repo.transaction((repo) => this.mailCode(repo, user, origin.ip)).catch(onMailError),
      );
    }
    return { message: AUTH_MESSAGES.codeSent };
  }

  /** Signs in; a success also gives the device cookie that lets this browser past others' failures later. */
  async login(
    input: LoginRequest,
    origin: Origin,
    deviceCookie: string | undefined,
  ): Promise<{ response: LoginResponse; deviceCookie: string }> {
    const login = input.username.toLowerCase();
    const user = await this.deps.repo.findUserByLogin(input.username);
    const ok = await this.deps.signIn.checkPassword(
      claimantOf(user, login),
      { ip: origin.ip, deviceCookie },
      () => this.deps.passwords.verify(user?.passwordHash, input.password),
    );
    if (!ok || !user) {
      await this.deps.repo.insertEvent({
        userId: user?.id ?? null,
        email: user?.email ?? login,
        eventType: 'LOGIN',
        success: false,
        ipAddress: origin.ip,
        userAgent: origin.userAgent,
      });
      throw unauthorized(AUTH_MESSAGES.badCredentials, 'invalid_credentials');
    }
    if (!user.emailVerified) {
      await this.record(user, 'LOGIN', false, origin);
      throw forbidden(AUTH_MESSAGES.emailNotConfirmed, 'email_not_confirmed');
    }
    if (user.status === 'RESET_REQUIRED') {
      await this.record(user, 'LOGIN', false, origin);
      throw forbidden(AUTH_MESSAGES.passwordResetRequired, 'password_reset_required');
    }
    await this.record(user, 'LOGIN', true, origin);
    const identity = { user_email: user.email, user_username: user.username };
    const trusted = this.deps.signIn.trustDevice(user.id, deviceCookie);
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      const response = {
        challenge_name: NEW_PASSWORD_REQUIRED,
        session: await this.deps.tokens.challenge(user.id),
        access_token: null,
        refresh_token: null,
        expires_in: null,
        ...identity,
      };
      return { response, deviceCookie: trusted };
    }
    const session = await this.startSession(user);
    return {
      response: { challenge_name: null, session: null, ...session, ...identity },
      deviceCookie: trusted,
    };
  }

  async completeNewPassword(input: CompleteNewPasswordRequest, origin: Origin) {
    const userId = this.deps.tokens.verifyChallenge(input.session);
    const user = userId ? await this.deps.repo.findUserById(userId) : undefined;
    const sameUser =
      user && (input.username.toLowerCase() === user.email || input.username === user.username);
    if (!user || !sameUser || user.status !== 'FORCE_CHANGE_PASSWORD') {
      throw unauthorized(AUTH_MESSAGES.sessionInvalid);
    }
    assertPasswordPolicy(input.new_password);
    if (await this.deps.passwords.verify(user.passwordHash, input.new_password)) {
      throw badRequest(AUTH_MESSAGES.passwordSameAsInitial);
    }
    const updated = await this.deps.repo.updateUser(user.id, {
      passwordHash: await this.deps.passwords.hash(input.new_password),
      status: 'CONFIRMED',
    });
    await this.record(updated, 'NEW_PASSWORD', true, origin);
    return { ...(await this.startSession(updated)), user_email: updated.email };
  }

  /**
   * Rotates a refresh token; presenting a used one revokes the whole session (theft detection), unless it was
   * rotated at most REFRESH_REUSE_GRACE_SECONDS ago and its successor is unused: then the answer is that same
   * successor with a fresh access token, so concurrent refreshes (two tabs) keep the session.
   */
  async refresh(refreshToken: string, email: string | undefined, origin: Origin): Promise<TokenResponse> {
    const hash = this.deps.tokens.hashOpaque(refreshToken);
    const found = await this.deps.repo.findRefreshToken(hash);
    if (!found) throw unauthorized(AUTH_MESSAGES.refreshInvalid);
    const { token, session, user } = found;
    const emailMatches = !email || email.toLowerCase() === user.email || email === user.username;
    const live =
      !session.revokedAt &&
      token.expiresAt > this.now() &&
      !sessionOutlived(session.createdAt, this.now()) &&
      emailMatches;
    if (!live) {
      await this.record(user, 'REFRESH', false, origin);
      throw unauthorized(AUTH_MESSAGES.refreshInvalid);
    }
    const successor = this.deps.tokens.successorOf(refreshToken);
    const rotated = !token.usedAt && (await this.rotate(session.id, hash, successor));
    if (!rotated && !(await this.isGraceReplay(hash, successor))) {
      await this.deps.repo.revokeSession(session.id, 'refresh token reuse');
      await this.record(user, 'REFRESH', false, origin);
      throw unauthorized(AUTH_MESSAGES.refreshInvalid);
    }
    await this.record(user, 'REFRESH', true, origin);
    return this.tokenPair(user, session.id, successor);
  }

  async logout(user: UserRow, sessionId: string, origin: Origin): Promise<{ message: string }> {
    await this.deps.repo.revokeSession(sessionId, 'logout');
    await this.record(user, 'LOGOUT', true, origin);
    return { message: AUTH_MESSAGES.loggedOut };
  }

  /** The caller proves the password again; the answer is a 5-minute token good only for deleting the account. */
  async reauthenticate(
    user: UserRow,
    login: string,
    password: string,
    origin: Origin,
    deviceCookie: string | undefined,
  ) {
    const sameUser = login.toLowerCase() === user.email || login === user.username;
    const ok = await this.deps.signIn.checkPassword(
      { userId: user.id },
      { ip: origin.ip, deviceCookie },
      async () => sameUser && (await this.deps.passwords.verify(user.passwordHash, password)),
    );
    await this.record(user, 'REAUTHENTICATE', ok, origin);
    if (!ok) throw unauthorized(AUTH_MESSAGES.badCredentials, 'invalid_credentials');
    return { reauth_token: await this.deps.tokens.reauth(user.id), expires_in: REAUTH_TOKEN_SECONDS };
  }

  async deleteAccount(
    user: UserRow,
    reauthToken: string | undefined,
    origin: Origin,
  ): Promise<{ message: string }> {
    const userId = reauthToken ? this.deps.tokens.verifyReauth(reauthToken) : null;
    if (userId !== user.id) throw forbidden(AUTH_MESSAGES.reauthRequired, 'reauth_required');
    // Sessions, and with them every access and refresh token, go with the user row.
    await this.deps.accountRemoval.remove({ user, origin }, user);
    await this.deps.repo.insertEvent({
      userId: null,
      email: user.email,
      eventType: 'DELETE_ACCOUNT',
      success: true,
      ipAddress: origin.ip,
      userAgent: origin.userAgent,
    });
    return { message: AUTH_MESSAGES.accountDeleted };
  }

  async history(user: UserRow, query: HistoryQuery): Promise<HistoryResponse> {
    const { rows, total } = await this.deps.repo.listEvents(
      user.id,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return { events: rows.map(presentAuthEvent), current_page: query.page, total };
  }

  profile(user: UserRow): ProfileResponse {
    return {
      email: user.email,
      email_verified: user.emailVerified,
      name: user.name,
      phone_number: user.phoneNumber,
      user_id: user.email,
      username: user.username,
    };
  }

  async updateProfile(user: UserRow, input: UpdateProfileRequest): Promise<ProfileResponse> {
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.phone_number !== undefined ? { phoneNumber: input.phone_number } : {}),
    };
    const updated = Object.keys(patch).length ? await this.deps.repo.updateUser(user.id, patch) : user;
    return this.profile(updated);
  }

  /** Groups say who the user is; permissions say what extra powers they hold: their organization roles. */
  async permissions(user: UserRow): Promise<PermissionsResponse> {
    const held = await this.deps.organizationRoles(user.id);
    const roles = ORGANIZATION_ROLES.filter((role) => held.includes(role));
    return {
      permissions: roles,
      groups: [...(user.isSystemAdmin ? [ROLES.systemAdmin] : []), ...roles, ROLES.user],
    };
  }

  /** Creates the first system administrator on an empty database; its first login must set a new password. */
  async bootstrapAdmin(email: string, password: string): Promise<boolean> {
    if ((await this.deps.repo.countUsers()) > 0) return false;
    await this.deps.repo.insertUser({
      username: randomUUID(),
      email: email.toLowerCase(),
      passwordHash: await this.deps.passwords.hash(password),
      status: 'FORCE_CHANGE_PASSWORD',
      emailVerified: true,
      isSystemAdmin: true,
    });
    return true;
  }

  private async startSession(user: UserRow): Promise<TokenResponse> {
    return this.issueTokens(user, await this.deps.repo.createSession(user.id, this.now()));
  }

  private async issueTokens(user: UserRow, sessionId: string): Promise<TokenResponse> {
    const refreshToken = this.deps.tokens.newOpaqueToken();
    await this.storeRefreshToken(sessionId, refreshToken);
    return this.tokenPair(user, sessionId, refreshToken);
  }

  /** Stores the successor before marking the presented token used, so whoever finds it used finds its successor. */
  private async rotate(sessionId: string, presentedHash: string, successor: string): Promise<boolean> {
    await this.storeRefreshToken(sessionId, successor);
    return this.deps.repo.markRefreshTokenUsed(presentedHash, this.now());
  }

  private async isGraceReplay(presentedHash: string, successor: string): Promise<boolean> {
    const [presented, next] = await Promise.all([
      this.deps.repo.findRefreshToken(presentedHash),
      this.deps.repo.findRefreshToken(this.deps.tokens.hashOpaque(successor)),
    ]);
    const usedAt = presented?.token.usedAt;
    const sinceUse = usedAt ? this.now().getTime() - usedAt.getTime() : Infinity;
    return sinceUse <= REFRESH_REUSE_GRACE_SECONDS * 1000 && next !== undefined && !next.token.usedAt;
  }

  private async storeRefreshToken(sessionId: string, refreshToken: string): Promise<void> {
    const expiresAt = new Date(this.now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000);
    await this.deps.repo.insertRefreshToken(sessionId, this.deps.tokens.hashOpaque(refreshToken), expiresAt);
  }

  private async tokenPair(user: UserRow, sessionId: string, refreshToken: string): Promise<TokenResponse> {
    return {
      access_token: await this.deps.tokens.access({
        sub: user.id,
        email: user.email,
        username: user.username,
        sid: sessionId,
      }),
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_SECONDS,
    };
  }

  private async mailCode(repo: AuthRepo, user: UserRow, requester: string): Promise<void> {
    const code = await this.codes.issue(repo, user.id, 'confirm_email', requester);
    await this.deps.mailer.send(confirmationMail(user.email, code, CODE_LIFETIME_MINUTES));
  }

  private guard(key: string, rule: ThrottleRule): void {
    const wait = this.deps.throttle.retryAfter(key, rule);
    if (wait > 0) throw retryLater(wait);
  }

  private record(user: UserRow, type: AuthEventType, success: boolean, origin: Origin): Promise<void> {
    return this.deps.repo.insertEvent({
      userId: user.id,
      email: user.email,
      eventType: type,
      success,
      ipAddress: origin.ip,
      userAgent: origin.userAgent,
    });
  }
}

export function presentAuthEvent(row: AuthEventRow): AuthEvent {
  return {
    timestamp: row.createdAt.toISOString(),
    event_type: row.eventType as AuthEventType,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    success: row.success,
    email: row.email,
  };
}
