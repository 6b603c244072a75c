import { INVITE_MESSAGES, waitMinutes } from '@hivqe/contract';
import type { MailKind } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/http-errors.ts';
import type { ThrottleRule } from '../../lib/throttle.ts';
import type { UserRow } from '../auth/repo.ts';
import { retryLater } from '../auth/sign-in-guard.ts';
import { MailSendsRepo, type MailFilter } from './repo.ts';
import { MAIL_BUDGET_HORIZON_MS, type MailBudgetRules } from './rules.ts';

export interface MailBudgetDeps {
  repo: MailSendsRepo;
  rules: MailBudgetRules;
  /** Whether `user` may put words of their own in an invitation mail. */
  mayWriteInvitationMessage(user: UserRow): Promise<boolean>;
  now: () => Date;
}

/** A mail about to be caused: to whom, by which account (none on the unauthenticated routes), from where. */
interface Spend {
  kind: MailKind;
  recipient: string;
  senderId: string | null;
  clientIp: string;
}

/**
 * The mail budget (issue 24, 2): every mail a user can cause is counted before it leaves, and refused with
 * 429 + `Retry-After` beyond a budget. The row goes in first and the windows are counted with it, so
 * concurrent requests cannot all pass before one is counted (at worst both are refused); a refused row is taken
 * back. `repo` may be a transaction's, so a refusal rolls back with the work it guards.
 */
export class MailBudget {
  constructor(private readonly deps: MailBudgetDeps) {}

  /**
   * A code to `recipient` asked for on an unauthenticated route from `clientIp`. Counted whether or not the
   * address has an account (and whether a mail goes), so a refusal tells nothing about the address.
   */
  async spendOnCode(recipient: string, clientIp: string, repo = this.deps.repo): Promise<void> {
    const { rules } = this.deps;
    await this.spend(repo, { kind: 'account', recipient, senderId: null, clientIp }, [
      [{ kind: 'account', recipient }, rules.codesPerRecipient],
      [{ kind: 'account', recipient, clientIp }, rules.codesPerRecipientFromIp],
      [{ kind: 'account', clientIp }, rules.codesPerIp],
    ]);
  }

  /**
   * An invitation mailed by `sender`, new or resent. Its free-text message only from a sender who may write
   * one; at most so many invitation mails an hour per sender and per recipient, and so many distinct
   * addresses a day per sender.
   */
  async spendOnInvitation(
    sender: UserRow,
    clientIp: string,
    recipient: string,
    message: string | null | undefined,
    repo = this.deps.repo,
  ): Promise<void> {
    const { rules } = this.deps;
    if (message && !(await this.deps.mayWriteInvitationMessage(sender))) {
      throw forbidden(INVITE_MESSAGES.messageNotAllowed);
    }
    const reach = rules.newRecipientsPerSender;
    const others = await repo.otherRecipients(
      { kind: 'invitation', senderId: sender.id, recipient },
      this.since(reach),
    );
    if (others.count >= reach.limit) {
      const seconds = this.secondsUntilFree(others.oldest, reach);
      throw retryLater(seconds, INVITE_MESSAGES.newRecipientsPerDay(reach.limit, waitMinutes(seconds)));
    }
    await this.spend(repo, { kind: 'invitation', recipient, senderId: sender.id, clientIp }, [
      [{ kind: 'invitation', recipient }, rules.invitationsPerRecipient],
      [{ kind: 'invitation', senderId: sender.id }, rules.invitationsPerSender],
    ]);
  }

  private async spend(repo: MailSendsRepo, spend: Spend, budgets: [MailFilter, ThrottleRule][]) {
    const now = this.deps.now();
    await repo.deleteBefore(new Date(now.getTime() - MAIL_BUDGET_HORIZON_MS));
    const id = await repo.insert({ ...spend, sentAt: now });
    for (const [filter, rule] of budgets) {
      const window = await repo.window(filter, this.since(rule));
      if (window.count > rule.limit) {
        await repo.delete(id);
        throw retryLater(this.secondsUntilFree(window.oldest, rule));
      }
    }
  }

  private since(rule: ThrottleRule): Date {
    return new Date(this.deps.now().getTime() - rule.windowMs);
  }

  /** Until the oldest counted mail leaves the window, which frees one place. */
  private secondsUntilFree(oldest: Date | undefined, rule: ThrottleRule): number {
    const freeAt = (oldest?.getTime() ?? this.deps.now().getTime()) + rule.windowMs;
    return Math.max(1, Math.ceil((freeAt - this.deps.now().getTime()) / 1000));
  }
}
