import {
  AUTH_MESSAGES,
  type AuthEventType,
  type ChangePasswordRequest,
  type ConfirmForgotPasswordRequest,
} from '@hivqe/contract';
import { badRequest } from '../../lib/http-errors.ts';
import type { Throttle, ThrottleRule } from '../../lib/throttle.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { MailBudget } from '../mail-budget/service.ts';
import { CODE_LIFETIME_MINUTES, type OneTimeCodes } from './codes.ts';
import { passwordResetMail } from './mails.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import type { Passwords } from './passwords.ts';
import type { AuthRepo, UserRow } from './repo.ts';
import type { Origin } from './service.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import type { AuthThrottleRules } from './throttle-rules.ts';

/** The nil UUID: no user has it. */
export const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

export interface PasswordRecoveryDeps {
  repo: AuthRepo;
  codes: OneTimeCodes;
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

/** Forgot password (a code mailed to the address proves the mailbox) and change password (issue 10, 2). */
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
    await this.deps.mailBudget.spendOnCode(email, origin.ip);
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

  /** Sets the password, confirms the address (the code proves the mailbox) and signs out every session. */
  async confirmForgotPassword(
    input: ConfirmForgotPasswordRequest,
    origin: Origin,
  ): Promise<{ message: string }> {
    const { repo, rules } = this.deps;
    this.deps.guard(`reset:ip:${origin.ip}`, rules.confirmPerIp);
    this.deps.throttle.hit(`reset:ip:${origin.ip}`, rules.confirmPerIp);
    assertPasswordPolicy(input.password);
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
    if (!user) throw badRequest(AUTH_MESSAGES.codeExpired);
    const passwordHash = await this.deps.passwords.hash(input.password);
    await repo.transaction(async (tx) => {
      await this.deps.codes.consume(tx, checked);
      await tx.updateUser(user.id, { passwordHash, status: 'CONFIRMED', emailVerified: true });
      await tx.revokeSessionsOf(user.id, 'password reset');
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
    const code = await this.deps.codes.issue(this.deps.repo, user.id, 'reset_password', requester);
    await this.deps.mailer.send(passwordResetMail(user.email, code, CODE_LIFETIME_MINUTES));
  }
}
