import { BRAND } from '@hivqe/contract';
import { Link } from 'react-router';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';

/** The link target of 'Complete AWS Marketplace Onboarding'; the linkage itself arrives with the marketplace module. */
export function MarketplaceOnboardingPage() {
  return (
    <CenteredCard>
      <h1 className="text-center text-xl font-semibold text-slate-900">
        Complete {BRAND.cloud} Marketplace Onboarding
      </h1>
      <p className="text-sm text-slate-600">
        {BRAND.marketplace} linkage is not available yet in this deployment.
      </p>
      <Link to="/" className="block text-center text-sm font-medium text-accent-600 hover:underline">
        Return to Home
      </Link>
    </CenteredCard>
  );
}
