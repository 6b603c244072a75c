import { BRAND } from '@hivqe/contract';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { isSystemAdmin } from '../../auth/permissions.ts';
import { useSubscription } from '../api/subscription.ts';
import { GrantSimulatedSubscriptionForm } from './grant-simulated-subscription-form.tsx';
import { SimulatedSubscriptionControls } from './simulated-subscription-controls.tsx';
import { SubscriptionDetails } from './subscription-details.tsx';

/** '/marketplace': the user's own subscription; with the local marketplace, a simulated one to start or cancel. */
export function MarketplaceOnboardingPage() {
  const subscription = useSubscription();
  const { permissions } = useAuth();
  const local = subscription.data?.mode === 'local';
  return (
    <CenteredCard>
      <div className="space-y-2 text-center">
        <h1 className="text-xl font-semibold text-slate-900">
          Complete {BRAND.cloud} Marketplace Onboarding
        </h1>
        {local && <Badge>Simulated subscription</Badge>}
      </div>
      {subscription.isPending && <StatusMessage>Loading subscription...</StatusMessage>}
      {subscription.isError && <Banner tone="error">Failed to load subscription</Banner>}
      {subscription.data && (
        <>
          {local ? (
            <p className="text-sm text-slate-600">
              This deployment uses a local marketplace: subscriptions here are simulated and nothing is
              billed.
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              Subscribe to {BRAND.product} in {BRAND.marketplace} and choose &apos;Set up your account&apos;.
              You come back here to sign in, and the subscription is linked to your account.
            </p>
          )}
          <SubscriptionDetails subscription={subscription.data.subscription} />
          {local && (
            <SimulatedSubscriptionControls active={subscription.data.subscription?.active ?? false} />
          )}
          {local && isSystemAdmin(permissions) && <GrantSimulatedSubscriptionForm />}
        </>
      )}
      <Link to="/" className="block text-center text-sm font-medium text-accent-600 hover:underline">
        Return to Home
      </Link>
    </CenteredCard>
  );
}
