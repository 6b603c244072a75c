import {
  AUTH_MESSAGES,
  type AuthEventType,
  type ChangePasswordRequest,
  resetMailsExhaustedMessage,
  type ConfirmForgotPasswordRequest,
  type ResetPasswordWithLinkRequest,
} from '@hivqe/contract';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import type { Throttle, ThrottleRule } from '../../lib/throttle.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { MailBudget } from '../mail-budget/service.ts';
import { CODE_LIFETIME_MINUTES, type OneTimeCodes } from './codes.ts';
import { passwordResetMail } from './mails.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import { PasswordResetsRepo } from './password-resets-repo.ts';
import type { Passwords } from './passwords.ts';
import type { AuthRepo, UserRow } from './repo.ts';
import type { ResetGuessCeiling } from './reset-guess-ceiling.ts';
import type { ResetLinks } from './reset-links.ts';
import type { Origin } from './service.ts';
import { retryLater, type SignInGuard } from './sign-in-guard.ts';
import type { AuthThrottleRules } from './throttle-rules.ts';

/** The nil UUID: no user has it. */
export const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

export interface PasswordRecoveryDeps {
  repo: AuthRepo;
  codes: OneTimeCodes;
  /** The link in each reset mail, which no guess ceiling holds back. */
  links: ResetLinks;
  /** Reset codes compared per account, across client addresses. */
  guesses: ResetGuessCeiling;
  passwords: Passwords;
  mailer: Mailer;
  throttle: Throttle;
  rules: AuthThrottleRules;
  signIn: SignInGuard;
  mailBudget: MailBudget;
  /** Throws 429 while `key` is over `rule` (the auth service's throttle check). */
  guard(key: string, rule: ThrottleRule): void;
  record(user: UserRow, type: AuthEventType, success: boolean, origin: Origin): Promise<void>;
}

/**
 * Forgot password (a code or a link mailed to the address proves the mailbox) and change password (issue 10, 2;
 * issue 24, 3).
 */
export class PasswordRecovery {
  constructor(private readonly deps: PasswordRecoveryDeps) {}

  /**
   * The same answer after the same work (the budget, one lookup, one event) whether the address has an account
   * or not: the code is stored and mailed after the answer, so neither its write nor the mail's delay tells them
   * apart. A failure there goes to `onMailError`. The code belongs to the asking client's address: guesses made
   * elsewhere never spend its tries, and asking again from elsewhere never waits for anyone's (issue 24, 3).
   */
  async forgotPassword(
    email: string,
    origin: Origin,
    onMailError: (error: unknown) => void,
  ): Promise<{ message: string }> {
    const { repo, rules, throttle } = this.deps;
    const key = `forgot:acct:${email}:${origin.ip}`;
    this.deps.guard(key, rules.resendPerAccount);
    throttle.hit(key, rules.resendPerAccount);
    await this.deps.mailBudget.spendOnCode(email, origin.ip).catch((error: unknown) => {
      throw isTooManyRequests(error)
        ? retryLater(error.retryAfterSeconds, resetMailsExhaustedMessage(error.retryAfterSeconds))
        : error;
    });
    const user = await repo.findUserByLogin(email);
    await repo.insertEvent({
      userId: user?.id ?? null,
      email,
      eventType: 'FORGOT_PASSWORD',
      success: true,
      ipAddress: origin.ip,
      userAgent: origin.userAgent,
    });
    // On the next turn of the event loop, after this answer has gone.
    if (user) setImmediate(() => this.mailResetCode(user, origin.ip).catch(onMailError));
    return { message: AUTH_MESSAGES.forgotPasswordSent };
  }

  /**
   * Sets the password, confirms the address (the code proves the mailbox) and signs out every session. Every
   * comparison counts against the account's ceiling first, from whatever client address: past it, 429 pointing
   * to the mailed link, for known and unknown addresses alike.
   */
  async confirmForgotPassword(
    input: ConfirmForgotPasswordRequest,
    origin: Origin,
  ): Promise<{ message: string }> {
    const { repo, rules } = this.deps;
    this.deps.guard(`reset:ip:${origin.ip}`, rules.confirmPerIp);
    this.deps.throttle.hit(`reset:ip:${origin.ip}`, rules.confirmPerIp);
    assertPasswordPolicy(input.password);
    await this.deps.guesses.admit(repo.peer(PasswordResetsRepo), input.email);
    const user = await repo.findUserByLogin(input.email);
    // An unknown address is checked like an account with no code pending (an id no user has), so the
    // answer, and the work before it, are the same.
    const checked = await this.deps.codes
      .check(repo, user?.id ?? NO_USER_ID, 'reset_password', origin.ip, input.code)
      .catch(async (error: unknown) => {
        await repo.insertEvent({
          userId: user?.id ?? null,
          email: user?.email ?? input.email,
          eventType: 'RESET_PASSWORD',
          success: false,
          ipAddress: origin.ip,
          userAgent: origin.userAgent,
        });
        throw error;
      });
    if (!user) throw badRequest(AUTH_MESSAGES.codeExpired, 'invalid_code');
    const passwordHash = await this.deps.passwords.hash(input.password);
    await repo.transaction(async (tx) => {
      await this.deps.codes.consume(tx, checked);
      await resetTo(tx, user.id, passwordHash);
    });
    await this.deps.record(user, 'RESET_PASSWORD', true, origin);
    return { message: AUTH_MESSAGES.passwordReset };
  }

  /**
   * The same reset from a mailed link's token, which is unguessable, so only the per-client-address limit of
   * the code route applies. The link is used up (with the user's other links and codes) only when the password
   * is set; a password the policy refuses leaves it working.
   */
  async resetWithLink(input: ResetPasswordWithLinkRequest, origin: Origin): Promise<{ message: string }> {
    const { repo, rules } = this.deps;
    this.deps.guard(`reset:ip:${origin.ip}`, rules.confirmPerIp);
    this.deps.throttle.hit(`reset:ip:${origin.ip}`, rules.confirmPerIp);
    assertPasswordPolicy(input.password);
    const passwordHash = await this.deps.passwords.hash(input.password);
    const user = await repo.transaction(async (tx) => {
      const userId = await this.deps.links.redeem(tx.peer(PasswordResetsRepo), input.token);
      const owner = userId ? await tx.findUserById(userId) : undefined;
      if (!owner) throw badRequest(AUTH_MESSAGES.resetLinkInvalid, 'invalid_code');
      await tx.deleteCodes(owner.id, 'reset_password');
      await resetTo(tx, owner.id, passwordHash);
      return owner;
    });
    await this.deps.record(user, 'RESET_PASSWORD', true, origin);
    return { message: AUTH_MESSAGES.passwordReset };
  }

  /** The current password is checked under the sign-in limits, like a login; other sessions end. */
  async changePassword(
    principal: { user: UserRow; sessionId: string },
    input: ChangePasswordRequest,
    origin: Origin,
    deviceCookie: string | undefined,
  ): Promise<{ message: string }> {
    const { user, sessionId } = principal;
    assertPasswordPolicy(input.new_password);
    const ok = await this.deps.signIn.checkPassword(
      { userId: user.id },
      { ip: origin.ip, deviceCookie },
      () => this.deps.passwords.verify(user.passwordHash, input.current_password),
    );
    if (!ok) {
      await this.deps.record(user, 'CHANGE_PASSWORD', false, origin);
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    }
    if (input.new_password === input.current_password) {
      throw badRequest(AUTH_MESSAGES.passwordSameAsCurrent);
    }
    const passwordHash = await this.deps.passwords.hash(input.new_password);
    await this.deps.repo.transaction(async (tx) => {
      await tx.updateUser(user.id, { passwordHash });
      await tx.revokeSessionsOf(user.id, 'password changed', sessionId);
    });
    await this.deps.record(user, 'CHANGE_PASSWORD', true, origin);
    return { message: AUTH_MESSAGES.passwordChanged };
  }

  private async mailResetCode(user: UserRow, requester: string): Promise<void> {
    const { repo } = this.deps;
    const code = await this.deps.codes.issue(repo, user.id, 'reset_password', requester);
    const link = await this.deps.links.issue(repo.peer(PasswordResetsRepo), user.id);
    await this.deps.mailer.send(passwordResetMail(user.email, code, CODE_LIFETIME_MINUTES, link));
  }
}

/** The new password, the address confirmed (the mail proved it), every session and reset link ended. */
async function resetTo(tx: AuthRepo, userId: string, passwordHash: string): Promise<void> {
  await tx.updateUser(userId, { passwordHash, status: 'CONFIRMED', emailVerified: true });
  await tx.revokeSessionsOf(userId, 'password reset');
  await tx.peer(PasswordResetsRepo).deleteLinksOf(userId);
}

function isTooManyRequests(error: unknown): error is HttpError & { retryAfterSeconds: number } {
  return error instanceof HttpError && error.statusCode === 429 && error.retryAfterSeconds !== undefined;
}
