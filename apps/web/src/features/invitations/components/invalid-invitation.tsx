import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';

/** A link that cannot be accepted; `reason` says why (by default: it has no token). */
export function InvalidInvitation({
  reason = 'Invalid invitation link - missing token',
}: {
  reason?: string;
}) {
  const navigate = useNavigate();
  return (
    <CenteredCard>
      <h1 className="text-center text-xl font-semibold text-slate-900">Invalid Invitation</h1>
      <p className="text-center text-sm text-slate-600">This invitation link is invalid or has expired.</p>
      <Banner tone="error">{reason}</Banner>
      <Button className="w-full" onClick={() => navigate('/login')}>
        Go to Login
      </Button>
    </CenteredCard>
  );
}
