import type { Organization, OrganizationMember } from '@hivqe/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useRemoveOrganizationMember } from '../api/remove-organization-member.ts';

interface MemberRemoveDialogProps {
  organization: Organization;
  member: OrganizationMember;
  onClose: () => void;
}

export function MemberRemoveDialog({ organization, member, onClose }: MemberRemoveDialogProps) {
  const removal = useRemoveOrganizationMember();
  return (
    <ConfirmDialog
      title="Remove Member"
      confirmLabel="Remove"
      pendingLabel="Removing..."
      tone="danger"
      isPending={removal.isPending}
      error={removal.isError ? messageOf(removal.error, 'Failed to remove member') : null}
      onConfirm={() =>
        removal.mutate({ orgId: organization.org_id, email: member.email }, { onSuccess: onClose })
      }
      onCancel={onClose}
    >
      Are you sure you want to remove {member.email} from this organization?
    </ConfirmDialog>
  );
}
