import { z } from 'zod';

/** The actions of AWS Marketplace's SaaS subscription and entitlement notifications. */
export const NOTIFICATION_ACTIONS = [
  'subscribe-success',
  'subscribe-fail',
  'unsubscribe-pending',
  'unsubscribe-success',
  'entitlement-updated',
] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

export interface MarketplaceNotification {
  action: NotificationAction;
  customerIdentifier: string;
  productCode: string;
}

const message = z.object({
  action: z.enum(NOTIFICATION_ACTIONS),
  'customer-identifier': z.string().min(1),
  'product-code': z.string().min(1),
});
/** SNS delivers to SQS in an envelope whose Message is the notification's JSON, unless raw delivery is on. */
const snsEnvelope = z.object({ Type: z.literal('Notification'), Message: z.string() });

/** A notification from an SQS message body (SNS envelope or raw), or null when it is none. */
export function parseNotification(body: string): MarketplaceNotification | null {
  const outer = parseJson(body);
  const envelope = snsEnvelope.safeParse(outer);
  const parsed = message.safeParse(envelope.success ? parseJson(envelope.data.Message) : outer);
  if (!parsed.success) return null;
  return {
    action: parsed.data.action,
    customerIdentifier: parsed.data['customer-identifier'],
    productCode: parsed.data['product-code'],
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
