import { AUTH_MESSAGES } from '@hivqe/contract';
import { messageOf } from '../../lib/api-error.ts';

/** The sign-up, confirmation and login rows of the error catalogue (accounts.md section 8). */
export const REGISTRATION_SUCCESS = 'Registration successful! Please check your email for verification code.';

export interface RegistrationFailure {
  message: string;
  /** The account exists but waits for its code, so the confirmation dialog should open. */
  needsConfirmation: boolean;
}

const mentions = (error: unknown, text: string) => error instanceof Error && error.message.includes(text);

export function registrationFailure(error: unknown): RegistrationFailure {
  if (mentions(error, AUTH_MESSAGES.userExistsConfirmed)) {
    return { message: 'This email is already registered. Please login instead.', needsConfirmation: false };
  }
  if (mentions(error, AUTH_MESSAGES.userExistsUnconfirmed)) {
    return {
      message:
        'This email is registered but not confirmed. Please check your email for verification code or request a new one.',
      needsConfirmation: true,
    };
  }
  return { message: messageOf(error, 'Registration failed.'), needsConfirmation: false };
}

export function isEmailNotConfirmed(error: unknown): boolean {
  return mentions(error, AUTH_MESSAGES.emailNotConfirmed);
}
