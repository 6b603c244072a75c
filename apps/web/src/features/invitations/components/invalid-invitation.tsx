import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';

/** A link without a token. */
export function InvalidInvitation() {
  const navigate = useNavigate();
  return (
    <CenteredCard>
      <h1 className="text-center text-xl font-semibold text-slate-900">Invalid Invitation</h1>
      <p className="text-center text-sm text-slate-600">This invitation link is invalid or has expired.</p>
      <Banner tone="error">Invalid invitation link - missing token</Banner>
      <Button className="w-full" onClick={() => navigate('/login')}>
        Go to Login
      </Button>
    </CenteredCard>
  );
}
