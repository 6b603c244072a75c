import { isLoopbackHost } from '../lib/local-peer.ts';

/**
 * What a start exposes beyond this machine that a deployment would not want, one warning each: the outbox's mail
 * stays readable on this machine only, so people elsewhere would get no mail at all.
 */
export function exposureWarnings(config: { host: string; SMTP_URL?: string; MARKETPLACE: string }): string[] {
  if (isLoopbackHost(config.host)) return [];
  const warnings: string[] = [];
  if (!config.SMTP_URL) {
    warnings.push(
      `HOST=${config.host} opens the server beyond this machine but SMTP_URL is not set: mail (confirmation ` +
        'codes, invitations) stays in the outbox, readable only at /dev/mailbox on this machine. Set SMTP_URL.',
    );
  }
  if (config.MARKETPLACE === 'local') {
    warnings.push(
      `HOST=${config.host} with MARKETPLACE=local: subscriptions are simulated; people on other machines ` +
        'get one only from a system administrator.',
    );
  }
  return warnings;
}
