import { createHash, randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  MAX_ACTIVE_API_TOKENS,
  type ApiToken,
  type ApiTokenScope,
  type ApiTokensResponse,
  type CreateApiTokenRequest,
  type CreateApiTokenResponse,
} from '@hivqe/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { Throttle, type ThrottleRule } from '../../lib/throttle.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import type { UserRow } from '../auth/repo.ts';
import { retryLater } from '../auth/sign-in-guard.ts';
import type { ApiTokenRow, ApiTokensRepo } from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often a token's last use is written: the list shows it to the minute, and a busy script writes rarely. */
export const LAST_USE_RESOLUTION_MS = 60_000;
/** 32 random bytes in base64url. */
const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TokenHolder {
  user: UserRow;
  token: { id: string; name: string; scope: ApiTokenScope };
}

export type TokenCheck = TokenHolder | 'unknown' | 'expired';

export interface ApiTokensDeps {
  repo: ApiTokensRepo;
  /** The accounts a system administrator names by e-mail address or username. */
  users: { findUserByLogin(login: string): Promise<UserRow | undefined> };
  audit: AuditLog;
  /** Unknown tokens allowed from one client address: the sign-in route's per-address rule. */
  guessesPerAddress: ThrottleRule;
  now?: () => Date;
}

/** Personal access tokens (issue 28, 1): made, listed and revoked by their user or a system administrator. */
export class ApiTokens {
  private readonly guesses: Throttle;
  private readonly now: () => Date;

  constructor(private readonly deps: ApiTokensDeps) {
    this.now = deps.now ?? (() => new Date());
    this.guesses = new Throttle(() => this.now().getTime());
  }

  async create(actor: Actor, input: CreateApiTokenRequest): Promise<CreateApiTokenResponse> {
    const now = this.now();
    const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const row = await this.deps.repo.insertCapped(
      {
        userId: actor.user.id,
        name: input.name,
        scope: input.scope,
        tokenHash: hashOf(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
      },
      now,
      MAX_ACTIVE_API_TOKENS,
    );
    if (!row) throw conflict(API_TOKEN_MESSAGES.tooMany);
    await this.deps.audit.record(
      actor,
      'api_token.create',
      { type: 'api_token', id: row.id, label: actor.user.email },
      { name: row.name, scope: row.scope, expires_at: row.expiresAt.toISOString() },
    );
    return { token, api_token: this.present(row, now) };
  }

  async list(userId: string): Promise<ApiTokensResponse> {
    const now = this.now();
    return { tokens: (await this.deps.repo.listOf(userId)).map((row) => this.present(row, now)) };
  }

  async revoke(actor: Actor, owner: UserRow, id: string): Promise<{ message: string }> {
    const row = await this.deps.repo.delete(owner.id, id);
    if (!row) throw notFound(API_TOKEN_MESSAGES.notFound);
    await this.deps.audit.record(
      actor,
      'api_token.revoke',
      { type: 'api_token', id: row.id, label: owner.email },
      { name: row.name, scope: row.scope },
    );
    return { message: API_TOKEN_MESSAGES.revoked };
  }

  async listOfUser(login: string): Promise<ApiTokensResponse> {
    return this.list((await this.owner(login)).id);
  }

  async revokeOfUser(actor: Actor, login: string, id: string): Promise<{ message: string }> {
    return this.revoke(actor, await this.owner(login), id);
  }

  /**
   * Whose token this is, checked on every request so that revocation and expiry take effect at once. Unknown
   * tokens count against the client address as failed sign-ins do; past the limit it gets 429 unchecked.
   */
  async check(token: string, ip: string): Promise<TokenCheck> {
    const key = `address:${ip}`;
    const wait = this.guesses.retryAfter(key, this.deps.guessesPerAddress);
    if (wait > 0) throw retryLater(wait);
    const found = TOKEN_PATTERN.test(token) ? await this.deps.repo.findByHash(hashOf(token)) : undefined;
    if (!found) {
      this.guesses.hit(key, this.deps.guessesPerAddress);
      return 'unknown';
    }
    const now = this.now();
    if (found.token.expiresAt <= now) return 'expired';
    const staleBefore = new Date(now.getTime() - LAST_USE_RESOLUTION_MS);
    if (!found.token.lastUsedAt || found.token.lastUsedAt < staleBefore) {
      await this.deps.repo.touch(found.token.id, now, staleBefore);
    }
    const { id, name, scope } = found.token;
    return { user: found.user, token: { id, name, scope } };
  }

  private async owner(login: string): Promise<UserRow> {
    const user = await this.deps.users.findUserByLogin(login);
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
    return user;
  }

  private present(row: ApiTokenRow, now: Date): ApiToken {
    return {
      id: row.id,
      name: row.name,
      scope: row.scope,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      expired: row.expiresAt <= now,
    };
  }
}
