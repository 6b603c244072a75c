import { ownershipTransferredMessage, type Organization, type OrganizationMember } from '@hivqe/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useTransferOrganizationOwnership } from '../api/transfer-organization-ownership.ts';

interface MemberTransferDialogProps {
  organization: Organization;
  member: OrganizationMember;
  onClose: () => void;
}

/** Asks, transfers, then tells the outcome in the same dialog (accounts.md 4.12). */
export function MemberTransferDialog({ organization, member, onClose }: MemberTransferDialogProps) {
  const transfer = useTransferOrganizationOwnership();
  const { email } = member;

  if (transfer.isSuccess) {
    return (
      <ConfirmDialog title="Ownership Transferred" confirmLabel="OK" onConfirm={onClose}>
        {ownershipTransferredMessage(email)}
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title="Transfer Ownership"
      confirmLabel="Transfer"
      pendingLabel="Transferring..."
      tone="danger"
      isPending={transfer.isPending}
      error={transfer.isError ? messageOf(transfer.error, 'Failed to transfer ownership') : null}
      onConfirm={() => transfer.mutate({ orgId: organization.org_id, email })}
      onCancel={onClose}
    >
      Transfer ownership to {email}? This will make {email} the new owner of &quot;{organization.name}&quot;.
      You will become a regular member. This action cannot be undone.
    </ConfirmDialog>
  );
}
