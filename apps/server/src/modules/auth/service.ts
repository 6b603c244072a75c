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
  tooManyRequestsMessage,
} from '@hivqe/contract';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/http-errors.ts';
import type { Throttle, ThrottleRule } from '../../lib/throttle.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { confirmationMail } from './mails.ts';
import type { Passwords } from './passwords.ts';
import type { AuthEventRow, AuthRepo, UserRow } from './repo.ts';
import type { AuthThrottleRules } from './throttle-rules.ts';
import {
  ACCESS_TOKEN_SECONDS,
  REAUTH_TOKEN_SECONDS,
  REFRESH_TOKEN_DAYS,
  type TokenService,
} from './tokens.ts';

export const CODE_LIFETIME_MINUTES = 10;
export const CODE_MAX_FAILED_ATTEMPTS = 5;

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
  now?: () => Date;
}

export class AuthService {
  private readonly now: () => Date;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async register(input: RegisterRequest, origin: Origin): Promise<{ message: string }> {
    this.guard(`register:ip:${origin.ip}`, this.deps.rules.registerPerIp);
    this.deps.throttle.hit(`register:ip:${origin.ip}`, this.deps.rules.registerPerIp);
    const existing = await this.deps.repo.findUserByLogin(input.email);
    if (existing) {
      throw conflict(
        existing.status === 'UNCONFIRMED'
          ? AUTH_MESSAGES.userExistsUnconfirmed
          : AUTH_MESSAGES.userExistsConfirmed,
      );
    }
    const user = await this.deps.repo.insertUser({
      username: randomUUID(),
      email: input.email,
      passwordHash: await this.deps.passwords.hash(input.password),
      status: 'UNCONFIRMED',
    });
    await this.sendCode(user);
    await this.record(user, 'SIGN_UP', true, origin);
    return { message: AUTH_MESSAGES.registered };
  }

  async confirmEmail(input: ConfirmEmailRequest, origin: Origin): Promise<{ message: string }> {
    this.guard(`confirm:ip:${origin.ip}`, this.deps.rules.confirmPerIp);
    this.deps.throttle.hit(`confirm:ip:${origin.ip}`, this.deps.rules.confirmPerIp);
    const user = await this.deps.repo.findUserByLogin(input.username);
    if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
    if (user.emailVerified) throw conflict(AUTH_MESSAGES.alreadyConfirmed);
    const code = await this.deps.repo.findCode(user.id);
    if (!code) throw badRequest(AUTH_MESSAGES.codeExpired);
    if (code.failedAttempts >= CODE_MAX_FAILED_ATTEMPTS) throw badRequest(AUTH_MESSAGES.codeAttempts);
    if (code.expiresAt <= this.now()) throw badRequest(AUTH_MESSAGES.codeExpired);
    if (code.codeHash !== this.deps.tokens.hashCode(user.id, input.confirmation_code)) {
      await this.deps.repo.countCodeFailure(user.id);
      await this.record(user, 'CONFIRM_EMAIL', false, origin);
      throw badRequest(AUTH_MESSAGES.codeInvalid);
    }
    await this.deps.repo.deleteCode(user.id);
    await this.deps.repo.updateUser(user.id, { status: 'CONFIRMED', emailVerified: true });
    await this.record(user, 'CONFIRM_EMAIL', true, origin);
    return { message: AUTH_MESSAGES.confirmed };
  }

  async resendConfirmation(login: string, origin: Origin): Promise<{ message: string }> {
    const { rules, throttle } = this.deps;
    for (const [key, rule] of [
      [`resend:ip:${origin.ip}`, rules.resendPerIp],
      [`resend:acct:${login}`, rules.resendPerAccount],
      [`resend:acct-hourly:${login}`, rules.resendPerAccountHourly],
    ] as const) {
      this.guard(key, rule);
      throttle.hit(key, rule);
    }
    const user = await this.deps.repo.findUserByLogin(login);
    if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
    if (user.emailVerified) throw conflict(AUTH_MESSAGES.alreadyConfirmed);
    await this.sendCode(user);
    return { message: AUTH_MESSAGES.codeSent };
  }

  async login(input: LoginRequest, origin: Origin): Promise<LoginResponse> {
    const login = input.username.toLowerCase();
    const { rules, throttle } = this.deps;
    const keys = [
      [`login:acct-ip:${login}:${origin.ip}`, rules.loginPerAccountIp],
      [`login:acct:${login}`, rules.loginPerAccount],
      [`login:ip:${origin.ip}`, rules.loginPerIp],
    ] as const;
    for (const [key, rule] of keys) this.guard(key, rule);

    const user = await this.deps.repo.findUserByLogin(input.username);
    if (!(await this.deps.passwords.verify(user?.passwordHash, input.password)) || !user) {
      for (const [key, rule] of keys) throttle.hit(key, rule);
      await this.deps.repo.insertEvent({
        userId: user?.id ?? null,
        email: user?.email ?? login,
        eventType: 'LOGIN',
        success: false,
        ipAddress: origin.ip,
        userAgent: origin.userAgent,
      });
      throw unauthorized(AUTH_MESSAGES.badCredentials);
    }
    throttle.reset(keys[0][0]);
    if (!user.emailVerified) {
      await this.record(user, 'LOGIN', false, origin);
      throw forbidden(AUTH_MESSAGES.emailNotConfirmed);
    }
    await this.record(user, 'LOGIN', true, origin);
    const identity = { user_email: user.email, user_username: user.username };
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      return {
        challenge_name: NEW_PASSWORD_REQUIRED,
        session: await this.deps.tokens.challenge(user.id),
        access_token: null,
        refresh_token: null,
        expires_in: null,
        ...identity,
      };
    }
    return { challenge_name: null, session: null, ...(await this.startSession(user)), ...identity };
  }

  async completeNewPassword(input: CompleteNewPasswordRequest, origin: Origin) {
    const userId = await this.deps.tokens.verifyChallenge(input.session);
    const user = userId ? await this.deps.repo.findUserById(userId) : undefined;
    const sameUser =
      user && (input.username.toLowerCase() === user.email || input.username === user.username);
    if (!user || !sameUser || user.status !== 'FORCE_CHANGE_PASSWORD') {
      throw unauthorized(AUTH_MESSAGES.sessionInvalid);
    }
    const updated = await this.deps.repo.updateUser(user.id, {
      passwordHash: await this.deps.passwords.hash(input.new_password),
      status: 'CONFIRMED',
    });
    await this.record(updated, 'NEW_PASSWORD', true, origin);
    return { ...(await this.startSession(updated)), user_email: updated.email };
  }

  /** Rotates a refresh token; presenting a used one revokes the whole session (theft detection). */
  async refresh(refreshToken: string, email: string | undefined, origin: Origin): Promise<TokenResponse> {
    const hash = this.deps.tokens.hashOpaque(refreshToken);
    const found = await this.deps.repo.findRefreshToken(hash);
    if (!found) throw unauthorized(AUTH_MESSAGES.refreshInvalid);
    const { token, session, user } = found;
    const emailMatches = !email || email.toLowerCase() === user.email || email === user.username;
    const live = !session.revokedAt && token.expiresAt > this.now() && emailMatches;
    if (!live) {
      await this.record(user, 'REFRESH', false, origin);
      throw unauthorized(AUTH_MESSAGES.refreshInvalid);
    }
    if (token.usedAt || !(await this.deps.repo.markRefreshTokenUsed(hash))) {
      await this.deps.repo.revokeSession(session.id, 'refresh token reuse');
      await this.record(user, 'REFRESH', false, origin);
      throw unauthorized(AUTH_MESSAGES.refreshInvalid);
    }
    await this.record(user, 'REFRESH', true, origin);
    return this.issueTokens(user, session.id);
  }

  async logout(user: UserRow, sessionId: string, origin: Origin): Promise<{ message: string }> {
    await this.deps.repo.revokeSession(sessionId, 'logout');
    await this.record(user, 'LOGOUT', true, origin);
    return { message: AUTH_MESSAGES.loggedOut };
  }

  /** The caller proves the password again; the answer is a 5-minute token good only for deleting the account. */
  async reauthenticate(user: UserRow, login: string, password: string, origin: Origin) {
    const sameUser = login.toLowerCase() === user.email || login === user.username;
    const ok = sameUser && (await this.deps.passwords.verify(user.passwordHash, password));
    await this.record(user, 'REAUTHENTICATE', ok, origin);
    if (!ok) throw unauthorized(AUTH_MESSAGES.badCredentials);
    return { reauth_token: await this.deps.tokens.reauth(user.id), expires_in: REAUTH_TOKEN_SECONDS };
  }

  async deleteAccount(
    user: UserRow,
    reauthToken: string | undefined,
    origin: Origin,
  ): Promise<{ message: string }> {
    const userId = reauthToken ? await this.deps.tokens.verifyReauth(reauthToken) : null;
    if (userId !== user.id) throw forbidden(AUTH_MESSAGES.reauthRequired);
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
    return this.issueTokens(user, await this.deps.repo.createSession(user.id));
  }

  private async issueTokens(user: UserRow, sessionId: string): Promise<TokenResponse> {
    const refreshToken = this.deps.tokens.newOpaqueToken();
    const expiresAt = new Date(this.now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000);
    await this.deps.repo.insertRefreshToken(sessionId, this.deps.tokens.hashOpaque(refreshToken), expiresAt);
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

  private async sendCode(user: UserRow): Promise<void> {
    const code = this.deps.tokens.newCode();
    const now = this.now();
    await this.deps.repo.saveCode({
      userId: user.id,
      codeHash: this.deps.tokens.hashCode(user.id, code),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MINUTES * 60_000),
      failedAttempts: 0,
      sentAt: now,
    });
    await this.deps.mailer.send(confirmationMail(user.email, code, CODE_LIFETIME_MINUTES));
  }

  private guard(key: string, rule: ThrottleRule): void {
    const wait = this.deps.throttle.retryAfter(key, rule);
    if (wait > 0) throw tooManyRequests(tooManyRequestsMessage(wait));
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
