import { BRAND } from '@hivqe/contract';
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

export function passwordResetMail(to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: `Your ${BRAND.product} password reset code`,
    text: [
      `Your password reset code is ${code}`,
      '',
      `Enter it in ${BRAND.product} with your new password. It expires in ${minutes} minutes.`,
      'If you did not ask to reset your password, you can ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
