import type { FastifyPluginAsync } from 'fastify';
import { forbidden } from '../../lib/http-errors.ts';
import { isDirectLocalRequest } from '../../lib/local-peer.ts';
import type { OutboxMailer } from '../../providers/mail/outbox.ts';

export const MAILBOX_LOCAL_ONLY =
  'The dev mailbox opens only in a browser on the machine the server runs on (localhost). ' +
  'Set SMTP_URL to deliver mail anywhere else.';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * While the outbox stands in for SMTP, a person on a fresh machine reads their mail here. It holds every code and
 * invitation link, so it answers requests from this machine's loopback only, in any configuration.
 */
export const mailboxRoutes =
  (outbox: OutboxMailer): FastifyPluginAsync =>
  async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
      if (!isDirectLocalRequest(request)) throw forbidden(MAILBOX_LOCAL_ONLY);
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
