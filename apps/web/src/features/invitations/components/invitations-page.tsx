import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryErrorBanner } from '../../../components/ui/query-error-banner.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useCancelInvitation } from '../api/cancel-invitation.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { InvitationTable } from './invitation-table.tsx';
import { InviteForm } from './invite-form.tsx';

/** The Korean fallbacks of accounts.md section 8. */
const MESSAGES = {
  loadFailed: '초대 목록을 불러오지 못했습니다',
  cancelFailed: '초대를 취소하지 못했습니다',
  resendFailed: '초대를 다시 보내지 못했습니다',
} as const;

/** accounts.md 2.13 and 4.11 (system administrators). */
export function InvitationsPage() {
  const invitations = useInvitations();
  const cancel = useCancelInvitation();
  const resend = useResendInvitation();
  const [isInviting, setIsInviting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const { message, flash } = useFlashMessage();
  // A failed load empties the list rather than leaving an outdated one (4.11).
  const list = invitations.isError ? [] : (invitations.data?.invitations ?? []);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Invitation Management</h1>
          <p className="mt-1 text-sm text-slate-500">
            Manage system user and organization member invitations
          </p>
        </div>
        <Button onClick={() => setIsInviting(true)}>Invite User</Button>
      </div>
      <QueryErrorBanner
        error={invitations.error}
        failedAt={invitations.errorUpdatedAt}
        fallback={MESSAGES.loadFailed}
      />
      {actionError && (
        <Banner tone="error" onDismiss={() => setActionError(null)}>
          {actionError}
        </Banner>
      )}
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      <Panel title="Invitation List">
        {invitations.isPending ? (
          <StatusMessage>Loading invitations...</StatusMessage>
        ) : list.length === 0 ? (
          <StatusMessage>No invitations found</StatusMessage>
        ) : (
          <InvitationTable
            invitations={list}
            busyId={cancel.isPending ? cancel.variables : resend.isPending ? resend.variables : undefined}
            onResend={(invitation) => {
              setActionError(null);
              resend.mutate(invitation.invite_id, {
                onSuccess: () => flash('success', `Invitation resent to ${invitation.email}`),
                onError: (failure) => setActionError(messageOf(failure, MESSAGES.resendFailed)),
              });
            }}
            onCancel={(invitation) => {
              setActionError(null);
              cancel.mutate(invitation.invite_id, {
                onError: (failure) => setActionError(messageOf(failure, MESSAGES.cancelFailed)),
              });
            }}
          />
        )}
      </Panel>
      {isInviting && (
        <Modal title="Invite User" onClose={() => setIsInviting(false)}>
          <InviteForm
            onCancel={() => setIsInviting(false)}
            onSent={(invitation) => {
              setIsInviting(false);
              flash('success', `Invitation sent to ${invitation.email}`);
            }}
          />
        </Modal>
      )}
    </div>
  );
}
