import type { Organization } from '@hivqe/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useLeaveOrganization } from '../api/leave-organization.ts';

interface OrganizationLeaveDialogProps {
  organization: Organization;
  onClose: () => void;
  onLeft: () => void;
}

export function OrganizationLeaveDialog({ organization, onClose, onLeft }: OrganizationLeaveDialogProps) {
  const leave = useLeaveOrganization();
  return (
    <ConfirmDialog
      title="Leave Organization"
      confirmLabel="Leave"
      pendingLabel="Leaving..."
      tone="danger"
      isPending={leave.isPending}
      error={leave.isError ? messageOf(leave.error, 'Failed to leave organization') : null}
      onConfirm={() => leave.mutate(organization.org_id, { onSuccess: onLeft })}
      onCancel={onClose}
    >
      Are you sure you want to leave {organization.name}?
    </ConfirmDialog>
  );
}
