import type { Organization } from '@hivqe/contract';
import { useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { useAnswerInvitation } from '../../invitations/api/answer-invitation.ts';
import { useMyInvitations } from '../../invitations/api/get-my-invitations.ts';
import { invitationRoleLabel } from '../../invitations/invitation-labels.ts';
import { useAnswerTransfer } from '../api/answer-transfer.ts';
import { useMyOrganizations } from '../api/get-my-organizations.ts';
import { TransferAcceptDialog } from './transfer-accept-dialog.tsx';

/**
 * What waits for the signed-in user's own answer (issue 24): invitations to join an organization, and the
 * ownership of one offered to them. Nothing changes until they accept. The answers run here, not in the rows,
 * because an answered row leaves the list before its answer's outcome is shown.
 */
export function PendingForYou() {
  const { user } = useAuth();
  const email = (user?.user_id ?? '').toLowerCase();
  const invitations = useMyInvitations();
  const organizations = useMyOrganizations();
  const invitationAnswer = useAnswerInvitation();
  const transferDecline = useAnswerTransfer();
  const [accepting, setAccepting] = useState<Organization | null>(null);
  const { message, flash } = useFlashMessage();
  const offers = (organizations.data?.organizations ?? []).filter(
    (organization) => !!email && organization.pending_transfer?.to_email.toLowerCase() === email,
  );
  const pending = invitations.data?.invitations ?? [];
  const invitationError = (inviteId: string) => {
    const { isError, error, variables } = invitationAnswer;
    if (!isError || variables?.inviteId !== inviteId) return null;
    return messageOf(
      error,
      variables.answer === 'decline'
        ? 'Failed to decline invitation'
        : 'Failed to accept invitation. Please try again.',
    );
  };
  const declineError = (orgId: string) =>
    transferDecline.isError && transferDecline.variables?.orgId === orgId
      ? messageOf(transferDecline.error, 'Failed to decline ownership transfer')
      : null;

  return (
    <>
      {(pending.length > 0 || offers.length > 0 || message) && (
        <Panel title="Pending for you" description="Nothing changes until you accept.">
          {message && <Banner tone={message.tone}>{message.text}</Banner>}
          {(pending.length > 0 || offers.length > 0) && (
            <ul aria-label="Pending for you" className="space-y-2">
              {pending.map((invitation) => {
                const organization = invitation.org_name ?? 'the console';
                const reply = (answer: 'accept' | 'decline') =>
                  invitationAnswer.mutate(
                    { inviteId: invitation.invite_id, answer },
                    {
                      onSuccess: () =>
                        flash(
                          'success',
                          answer === 'accept'
                            ? `You joined ${organization}.`
                            : `Invitation to ${organization} declined.`,
                        ),
                    },
                  );
                return (
                  <OfferRow
                    key={invitation.invite_id}
                    label={`Invitation to ${organization}`}
                    expiresAt={invitation.expires_at}
                    error={invitationError(invitation.invite_id)}
                    onDismissError={invitationAnswer.reset}
                    isPending={invitationAnswer.isPending}
                    onAccept={() => reply('accept')}
                    onDecline={() => reply('decline')}
                  >
                    {invitation.invited_by ?? 'Someone'} invites you to join <strong>{organization}</strong>{' '}
                    as {invitationRoleLabel(invitation.role)}.
                  </OfferRow>
                );
              })}
              {offers.map((organization) => (
                <OfferRow
                  key={organization.org_id}
                  label={`Ownership of ${organization.name}`}
                  expiresAt={organization.pending_transfer!.expires_at}
                  error={declineError(organization.org_id)}
                  onDismissError={transferDecline.reset}
                  isPending={transferDecline.isPending}
                  onAccept={() => setAccepting(organization)}
                  onDecline={() =>
                    transferDecline.mutate(
                      {
                        orgId: organization.org_id,
                        requestId: organization.pending_transfer!.request_id,
                        answer: 'decline',
                      },
                      { onSuccess: (reply) => flash('success', reply.message) },
                    )
                  }
                >
                  {organization.pending_transfer!.from_email} asks you to take over the ownership of{' '}
                  <strong>{organization.name}</strong>.
                </OfferRow>
              ))}
            </ul>
          )}
        </Panel>
      )}
      {accepting && (
        <TransferAcceptDialog
          organization={accepting}
          onClose={() => setAccepting(null)}
          onAccepted={(text) => flash('success', text)}
        />
      )}
    </>
  );
}

interface OfferRowProps {
  label: string;
  expiresAt: string;
  error: string | null;
  onDismissError: () => void;
  isPending: boolean;
  onAccept: () => void;
  onDecline: () => void;
  children: ReactNode;
}

function OfferRow({
  label,
  expiresAt,
  error,
  onDismissError,
  isPending,
  onAccept,
  onDecline,
  children,
}: OfferRowProps) {
  return (
    <li aria-label={label} className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3">
      <p className="text-sm text-slate-800">{children}</p>
      <p className="text-xs text-slate-500">
        Expires: <DateText value={expiresAt} fallback="Unknown" />
      </p>
      {error && (
        <Banner tone="error" onDismiss={onDismissError}>
          {error}
        </Banner>
      )}
      <div className="flex gap-2">
        <Button className="px-3 py-1" disabled={isPending} onClick={onAccept}>
          Accept
        </Button>
        <Button variant="secondary" className="px-3 py-1" disabled={isPending} onClick={onDecline}>
          Decline
        </Button>
      </div>
    </li>
  );
}
