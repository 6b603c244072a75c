import { BRAND, RESET_LINK_LIFETIME_MINUTES } from '@hivqe/contract';
import type { Mail } from '../../providers/mail/mailer.ts';

export function confirmationMail(to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: `Your ${BRAND.product} confirmation code`,
    text: [
      `Your confirmation code is ${code}`,
      '',
      `Enter it in ${BRAND.product} to confirm your email address. It expires in ${minutes} minutes.`,
      'If you did not sign up, you can ignore this message.',
    ].join('\n'),
  };
}

/**
 * The code (typed where it was asked for) and a link (opened anywhere, within the hour): the link works even
 * after others have spent the account's guesses on codes (issue 24, 3).
 */
export function passwordResetMail(to: string, code: string, minutes: number, link: string): Mail {
  return {
    to,
    subject: `Your ${BRAND.product} password reset code`,
    text: [
      `Your password reset code is ${code}`,
      '',
      `Enter it in ${BRAND.product} with your new password. It expires in ${minutes} minutes.`,
      '',
      `Or open this link to choose a new password (it works once, for ${RESET_LINK_LIFETIME_MINUTES} minutes):`,
      link,
      '',
      'If you did not ask to reset your password, you can ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to register again: no code, only what to do if it was them. */
export function accountExistsMail(to: string): Mail {
  return {
    to,
    subject: `Your ${BRAND.product} account`,
    text: [
      `Someone tried to create a ${BRAND.product} account with this email address, which already has one.`,
      '',
      'If it was you, sign in, or use "Forgot password?" on the sign-in page to set a new password.',
      'If it was not you, you can ignore this message: your account stays as it is.',
    ].join('\n'),
  };
}
