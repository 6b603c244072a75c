import type { Organization } from '@hivqe/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';

interface OrganizationDeleteDialogProps {
  organization: Organization;
  onClose: () => void;
  onDeleted: () => void;
}

export function OrganizationDeleteDialog({
  organization,
  onClose,
  onDeleted,
}: OrganizationDeleteDialogProps) {
  const deletion = useDeleteOrganization();
  return (
    <ConfirmDialog
      title="Delete Organization"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      tone="danger"
      isPending={deletion.isPending}
      error={deletion.isError ? messageOf(deletion.error, 'Failed to delete organization') : null}
      onConfirm={() => deletion.mutate(organization.org_id, { onSuccess: onDeleted })}
      onCancel={onClose}
    >
      Are you sure you want to DELETE the organization &quot;{organization.name}&quot;? This action cannot be
      undone and will remove all members and data associated with this organization.
    </ConfirmDialog>
  );
}
