import type { SubscriptionStatus } from '@hivqe/contract';

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  pending_cancel: 'Pending cancellation',
  inactive: 'Inactive',
};
