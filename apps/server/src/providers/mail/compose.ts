import nodemailer from 'nodemailer';
import type { Mail } from './mailer.ts';

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** The mail as an RFC 5322 message, exactly as SMTP would carry it. */
export async function composeEml(from: string, mail: Mail): Promise<Buffer> {
  const info = await composer.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  return info.message as Buffer;
}
