import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';

/** accounts.md 2.15; only the missing-token state is built so far. */
export function AcceptInvitationPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  if (!searchParams.get('token')) {
    return (
      <CenteredCard>
        <h1 className="text-center text-xl font-semibold text-slate-900">Invalid Invitation</h1>
        <p className="text-center text-sm text-slate-600">This invitation link is invalid or has expired.</p>
        <Button className="w-full" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard>
      <h1 className="text-center text-xl font-semibold text-slate-900">Accept Invitation</h1>
    </CenteredCard>
  );
}
