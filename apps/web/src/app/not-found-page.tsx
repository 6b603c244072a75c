import { BRAND } from '@hivqe/contract';
import { Link, useLocation } from 'react-router';
import { CenteredCard } from '../components/ui/centered-card.tsx';

/** Any path the console has no screen for: say so, with the way home, rather than silently redirecting. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <CenteredCard>
      <div className="space-y-2 text-center">
        <p className="text-sm font-medium text-accent-600">404</p>
        <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
        <p className="text-sm break-all text-slate-600">
          {BRAND.product} has no page at {pathname}.
        </p>
      </div>
      <Link to="/" className="block text-center text-sm font-medium text-accent-600 hover:underline">
        Return to Home
      </Link>
    </CenteredCard>
  );
}
