import type { MarketplaceSubscriptionResponse } from '@hivqe/contract';
import type { ReactNode } from 'react';
import { DateText } from '../../../components/ui/date-text.tsx';
import { SUBSCRIPTION_STATUS_LABELS } from '../subscription-labels.ts';

type Subscription = MarketplaceSubscriptionResponse['subscription'];

/** The subscription's state; 'Active' only when job permissions count it as active (not expired). */
export function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const status = !subscription
    ? 'No subscription'
    : subscription.status !== 'inactive' && !subscription.active
      ? 'Expired'
      : SUBSCRIPTION_STATUS_LABELS[subscription.status];
  const rows: [string, ReactNode][] = [['Subscription status', status]];
  if (subscription?.verified_at)
    rows.push(['Verified', <DateText key="v" value={subscription.verified_at} />]);
  if (subscription?.expires_at) rows.push(['Expires', <DateText key="e" value={subscription.expires_at} />]);
  if (subscription?.aws_account_id) rows.push(['AWS account', subscription.aws_account_id]);
  if (subscription?.customer_id) rows.push(['Customer', subscription.customer_id]);
  return (
    <dl className="space-y-2 rounded-md bg-slate-50 p-4 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-medium break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
