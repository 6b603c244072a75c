import { RESET_LINK_LIFETIME_MINUTES, RESET_PASSWORD_PATH } from '@hivqe/contract';
import type { PasswordResetsRepo } from './password-resets-repo.ts';
import type { TokenService } from './tokens.ts';

/**
 * The link each reset mail carries (issue 24, 3): 256 random bits, kept only as a hash, valid an hour from
 * sending. A newer mail does not end an older mail's link, so nobody asking for mail can take away the link in
 * the mail the owner holds; using one, or a code, ends them all.
 */
export class ResetLinks {
  constructor(
    private readonly tokens: TokenService,
    private readonly publicUrl: string,
    private readonly now: () => Date,
  ) {}

  /** Stores a fresh link for `userId` and returns its address, to go in the mail only. */
  async issue(repo: PasswordResetsRepo, userId: string): Promise<string> {
    const token = this.tokens.newOpaqueToken();
    const sentAt = this.now();
    await repo.saveLink({
      tokenHash: this.tokens.hashOpaque(token),
      userId,
      sentAt,
      expiresAt: new Date(sentAt.getTime() + RESET_LINK_LIFETIME_MINUTES * 60_000),
    });
    const url = new URL(RESET_PASSWORD_PATH, this.publicUrl);
    url.searchParams.set('token', token);
    return url.toString();
  }

  /** The user whose live link `token` is, using it up; undefined for an unknown, used or expired one. */
  async redeem(repo: PasswordResetsRepo, token: string): Promise<string | undefined> {
    return (await repo.takeLink(this.tokens.hashOpaque(token), this.now()))?.userId;
  }
}
