import type { FastifyPluginAsync } from 'fastify';
import type { OutboxMailer } from '../../providers/mail/outbox.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** While the outbox stands in for SMTP, a person on a fresh machine reads their mail here. */
export const mailboxRoutes =
  (outbox: OutboxMailer): FastifyPluginAsync =>
  async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const mails = await outbox.list();
      const items = mails
        .map(
          ({ file, eml }) => `<article><h2>${escapeHtml(file)}</h2><pre>${escapeHtml(eml)}</pre></article>`,
        )
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html><head><title>Dev mailbox</title></head><body><h1>Dev mailbox</h1>` +
            `<p>${mails.length} message(s), newest first. SMTP is off (no SMTP_URL), so mail is kept here.</p>${items}</body></html>`,
        );
    });
  };
