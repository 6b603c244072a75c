import { AUTH_MESSAGES } from '@hivqe/contract';
import type { CodePurpose } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { AuthRepo } from './repo.ts';
import type { TokenService } from './tokens.ts';

export const CODE_LIFETIME_MINUTES = 10;
export const CODE_MAX_FAILED_ATTEMPTS = 5;

/** A code that passed its check: consume it in the transaction that acts on it. */
export interface CheckedCode {
  userId: string;
  purpose: CodePurpose;
  codeHash: string;
}

/**
 * The 6-digit codes mailed to prove a mailbox: 10 minutes, single use, 5 tries, so a confirmation code never
 * resets a password nor a reset code confirms an address. Each belongs to the client address that asked for it
 * (its requester) and only a check from there tries it: an attacker's wrong guesses spend the tries of the
 * codes they asked for, never those of the code the owner asked for (issue 24, 3).
 */
export class OneTimeCodes {
  constructor(
    private readonly tokens: TokenService,
    private readonly now: () => Date,
  ) {}

  /** Stores a fresh code for `purpose` and `requester` through `repo` (replacing theirs) and returns it. */
  async issue(repo: AuthRepo, userId: string, purpose: CodePurpose, requester: string): Promise<string> {
    const code = this.tokens.newCode();
    const now = this.now();
    await repo.saveCode({
      userId,
      purpose,
      requester,
      codeHash: this.tokens.hashCode(userId, code),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MINUTES * 60_000),
      failedAttempts: 0,
      sentAt: now,
    });
    return code;
  }

  /**
   * Throws the message the console shows unless `code` is the live one `requester` asked for. The try is counted
   * before the comparison and outside any transaction, so parallel guesses cannot go past the limit nor roll back.
   */
  async check(
    repo: AuthRepo,
    userId: string,
    purpose: CodePurpose,
    requester: string,
    code: string,
  ): Promise<CheckedCode> {
    const stored = await repo.takeCodeAttempt(userId, purpose, requester);
    if (!stored) throw badRequest(AUTH_MESSAGES.codeExpired, 'invalid_code');
    if (stored.failedAttempts > CODE_MAX_FAILED_ATTEMPTS)
      throw badRequest(AUTH_MESSAGES.codeAttempts, 'invalid_code');
    if (stored.expiresAt <= this.now()) throw badRequest(AUTH_MESSAGES.codeExpired, 'invalid_code');
    if (stored.codeHash !== this.tokens.hashCode(userId, code))
      throw badRequest(AUTH_MESSAGES.codeInvalid, 'invalid_code');
    return { userId, purpose, codeHash: stored.codeHash };
  }

  /** Uses the code up, with the other clients' codes for the same purpose; a second use is refused here. */
  async consume(repo: AuthRepo, checked: CheckedCode): Promise<void> {
    if (!(await repo.consumeCode(checked.userId, checked.purpose, checked.codeHash))) {
      throw badRequest(AUTH_MESSAGES.codeInvalid, 'invalid_code');
    }
  }
}
