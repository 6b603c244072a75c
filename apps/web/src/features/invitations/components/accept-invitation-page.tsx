import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { useAutoLogin } from '../use-auto-login.ts';
import { AcceptInvitationForm } from './accept-invitation-form.tsx';
import { InvalidInvitation } from './invalid-invitation.tsx';

/** accounts.md 2.15 and 4.14: the public page an invitation e-mail links to. */
export function AcceptInvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [isAccepted, setIsAccepted] = useState(false);
  const autoLogin = useAutoLogin();

  if (!token) return <InvalidInvitation />;
  if (isAccepted) {
    return (
      <CenteredCard>
        <h1 className="text-center text-xl font-semibold text-slate-900">Welcome!</h1>
        <Banner tone="success">
          Your account has been created successfully. You will be redirected to the dashboard shortly.
        </Banner>
      </CenteredCard>
    );
  }
  return (
    <AcceptInvitationForm
      token={token}
      onAccepted={(email, password) => {
        setIsAccepted(true);
        autoLogin(email, password);
      }}
    />
  );
}
