import type { Organization } from '@hivqe/contract';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useCancelInvitation } from '../../invitations/api/cancel-invitation.ts';
import { useInvitations } from '../../invitations/api/get-invitations.ts';
import { useCancelTransfer } from '../api/cancel-transfer.ts';

/**
 * What the organization's managers wait for (issue 24): the transfer request and the invitations its targets
 * have not answered yet, each of which they can cancel.
 */
export function OrganizationPending({ organization }: { organization: Organization }) {
  const invitations = useInvitations();
  const cancelTransfer = useCancelTransfer();
  const cancelInvitation = useCancelInvitation();
  const request = organization.pending_transfer;
  const waiting = (invitations.data?.invitations ?? []).filter(
    (invitation) => invitation.org_id === organization.org_id && invitation.status === 'pending',
  );
  const error = cancelTransfer.isError
    ? messageOf(cancelTransfer.error, 'Failed to cancel transfer request')
    : cancelInvitation.isError
      ? messageOf(cancelInvitation.error, 'Failed to cancel invitation')
      : null;
  if (!request && !waiting.length && !error) return null;

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-medium text-slate-700">Pending</h3>
      {error && (
        <Banner
          tone="error"
          onDismiss={() => {
            cancelTransfer.reset();
            cancelInvitation.reset();
          }}
        >
          {error}
        </Banner>
      )}
      <ul aria-label="Pending" className="space-y-2">
        {request && (
          <PendingRow
            label={`Transfer to ${request.to_email}`}
            expiresAt={request.expires_at}
            isPending={cancelTransfer.isPending}
            onCancel={() => cancelTransfer.mutate(organization.org_id)}
          >
            Ownership transfer to {request.to_email}: waiting for them to accept.
          </PendingRow>
        )}
        {waiting.map((invitation) => (
          <PendingRow
            key={invitation.invite_id}
            label={`Invitation to ${invitation.email}`}
            expiresAt={invitation.expires_at}
            isPending={cancelInvitation.isPending && cancelInvitation.variables === invitation.invite_id}
            onCancel={() => cancelInvitation.mutate(invitation.invite_id)}
          >
            {invitation.email}: invitation pending, joins as a member once accepted.
          </PendingRow>
        ))}
      </ul>
    </div>
  );
}

interface PendingRowProps {
  label: string;
  expiresAt: string;
  isPending: boolean;
  onCancel: () => void;
  children: ReactNode;
}

function PendingRow({ label, expiresAt, isPending, onCancel, children }: PendingRowProps) {
  return (
    <li
      aria-label={label}
      className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3"
    >
      <div className="min-w-0 text-sm text-slate-800">
        <p>{children}</p>
        <p className="text-xs text-slate-500">
          Expires: <DateText value={expiresAt} fallback="Unknown" />
        </p>
      </div>
      <Button variant="secondary" className="px-3 py-1" disabled={isPending} onClick={onCancel}>
        Cancel
      </Button>
    </li>
  );
}
