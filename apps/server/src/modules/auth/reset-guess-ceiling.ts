import { resetGuessesExhaustedMessage } from '@hivqe/contract';
import type { ThrottleRule } from '../../lib/throttle.ts';
import type { PasswordResetsRepo } from './password-resets-repo.ts';
import { retryLater } from './sign-in-guard.ts';

/**
 * At most `rule.limit` reset codes compared per account in a sliding window, whatever client addresses and
 * codes the guesses use (issue 24, 3). Counted in the database, so it holds across processes and restarts. The
 * row goes in before the window is counted, so concurrent guesses cannot all pass (at worst both are refused);
 * a refused guess takes its row back, so hammering past the ceiling does not keep it closed longer.
 */
export class ResetGuessCeiling {
  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => Date,
  ) {}

  /** Throws 429 (pointing to the mailed link) unless one more code may be compared for `account`. */
  async admit(repo: PasswordResetsRepo, account: string): Promise<void> {
    const now = this.now();
    const since = new Date(now.getTime() - this.rule.windowMs);
    await repo.deleteGuessesBefore(since);
    const id = await repo.insertGuess(account, now);
    const window = await repo.guessesSince(account, since);
    if (window.count <= this.rule.limit) return;
    await repo.deleteGuess(id);
    const freeAt = (window.oldest ?? now).getTime() + this.rule.windowMs;
    const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw retryLater(seconds, resetGuessesExhaustedMessage(seconds));
  }
}
