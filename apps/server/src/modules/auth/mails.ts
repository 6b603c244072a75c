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
    summary: `confirmation code for ${to}: ${code}`,
  };
}
