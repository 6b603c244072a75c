import { Chip } from '../../../components/ui/chip.tsx';

interface IndividualSubscriptionSectionProps {
  active: boolean;
  isDefault: boolean;
}

/** The personal marketplace subscription: always checked last. */
export function IndividualSubscriptionSection({ active, isDefault }: IndividualSubscriptionSectionProps) {
  return (
    <section aria-labelledby="individual-subscription-heading" className="space-y-3">
      <h3 id="individual-subscription-heading" className="text-sm font-semibold text-slate-700">
        Individual Subscription (Fallback, Lowest Priority)
      </h3>
      <div className="space-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          {isDefault && <Chip tone="info">Default</Chip>}
          <span className="font-medium text-slate-900">Your Personal Marketplace</span>
          <Chip>Personal</Chip>
        </div>
        <p className="text-xs text-slate-600">Marketplace Subscription: {active ? 'Active' : 'Inactive'}</p>
        <p className="text-xs text-slate-600">Billed to your personal account</p>
      </div>
    </section>
  );
}
