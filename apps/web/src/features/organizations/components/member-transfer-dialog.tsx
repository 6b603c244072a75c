import type { Organization, OrganizationMember } from '@hivqe/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useTransferOrganizationOwnership } from '../api/transfer-organization-ownership.ts';

interface MemberTransferDialogProps {
  organization: Organization;
  member: OrganizationMember;
  onClose: () => void;
}

/**
 * Asks (accounts.md 4.12), sends the request, then tells the outcome in the same dialog: the ownership moves
 * only when the member accepts (issue 24), which the server's message says.
 */
export function MemberTransferDialog({ organization, member, onClose }: MemberTransferDialogProps) {
  const transfer = useTransferOrganizationOwnership();
  const { email } = member;

  if (transfer.isSuccess) {
    return (
      <ConfirmDialog title="Transfer Requested" confirmLabel="OK" onConfirm={onClose}>
        {transfer.data.message}
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
