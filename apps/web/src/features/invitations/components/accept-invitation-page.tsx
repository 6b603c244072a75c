import { INVITATION_TOKEN_PATTERN, INVITE_MESSAGES, type InvitationLookup } from '@hivqe/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useInvitationLookup } from '../api/lookup-invitation.ts';
import { useAutoLogin } from '../use-auto-login.ts';
import { AcceptInvitationForm } from './accept-invitation-form.tsx';
import { InvalidInvitation } from './invalid-invitation.tsx';

/**
 * accounts.md 2.15 and 4.14: the public page an invitation e-mail links to. Before any field is filled it says
 * whether the link can still be accepted and, if so, for whom and to what (issue 12).
 */
export function AcceptInvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  if (!token) return <InvalidInvitation />;
  if (!INVITATION_TOKEN_PATTERN.test(token))
    return <InvalidInvitation reason={INVITE_MESSAGES.invalidToken} />;
  return <LookedUpInvitation token={token} />;
}

function LookedUpInvitation({ token }: { token: string }) {
  const lookup = useInvitationLookup(token);
  if (lookup.isPending) {
    return (
      <CenteredCard>
        <StatusMessage>Checking invitation...</StatusMessage>
      </CenteredCard>
    );
  }
  if (lookup.isError) {
    return (
      <InvalidInvitation
        reason={messageOf(lookup.error, 'Failed to load the invitation. Please try again.')}
      />
    );
  }
  return <PendingInvitation token={token} invitation={lookup.data} />;
}

function PendingInvitation({ token, invitation }: { token: string; invitation: InvitationLookup }) {
  const [isAccepted, setIsAccepted] = useState(false);
  const autoLogin = useAutoLogin();
  if (isAccepted) {
    return (
      <CenteredCard>
        <h1 className="text-center text-xl font-semibold text-slate-900">Welcome!</h1>
        <Banner tone="success">
          {invitation.account_exists
            ? 'Invitation accepted. You will be redirected to the dashboard shortly.'
            : 'Your account has been created successfully. You will be redirected to the dashboard shortly.'}
        </Banner>
      </CenteredCard>
    );
  }
  return (
    <AcceptInvitationForm
      token={token}
      invitation={invitation}
      onAccepted={(email, password) => {
        setIsAccepted(true);
        autoLogin(email, password);
      }}
    />
  );
}
