import type { LoginResponse } from '@hivqe/contract';
import { rememberedEmail } from '../../lib/token-storage.ts';

/** The signed-in user as the console knows them (accounts.md section 3). */
export interface SessionUser {
  /** May be an opaque unique id. */
  username: string;
  /** Holds the e-mail address: the id the account calls expect. */
  user_id: string;
  email: string | null;
}

type LoginIdentity = Partial<Pick<LoginResponse, 'user_email' | 'user_username'>>;

export function userFromLogin(identity: LoginIdentity, enteredUsername: string): SessionUser {
  return {
    username: identity.user_username || enteredUsername,
    user_id: identity.user_email || enteredUsername,
    email: identity.user_email || rememberedEmail(),
  };
}

/** How the top bar greets the user. */
export function displayName(user: SessionUser | null): string {
  return user?.email || user?.username || 'User';
}
