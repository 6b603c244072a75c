import type { SubscriptionState } from '@hivqe/contract';
import { formatDate } from '../../../components/ui/date-text.tsx';

const STYLES = {
  checking: 'bg-slate-100 text-slate-600',
  active: 'bg-green-100 text-green-800',
  inactive: 'bg-red-100 text-red-700',
} as const;

function badgeOf(subscription: SubscriptionState | null | undefined) {
  if (subscription == null) {
    return {
      style: STYLES.checking,
      text: 'Checking...',
      tooltip: 'Checking marketplace subscription status...',
    };
  }
  if (!subscription.active) {
    return { style: STYLES.inactive, text: 'Inactive', tooltip: 'No active marketplace subscription' };
  }
  const verified = formatDate(subscription.verified_at);
  const tooltip = verified
    ? `Active subscription (verified: ${verified})`
    : 'Active marketplace subscription';
  return { style: STYLES.active, text: 'Active', tooltip };
}

/**
 * A marketplace subscription's state (accounts.md 2.16). Without a subscription yet (null or undefined) it
 * reads 'Checking...'; the tooltip says more.
 */
export function SubscriptionBadge({ subscription }: { subscription: SubscriptionState | null | undefined }) {
  const { style, text, tooltip } = badgeOf(subscription);
  return (
    <span
      title={tooltip}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${style}`}
    >
      {text}
    </span>
  );
}
