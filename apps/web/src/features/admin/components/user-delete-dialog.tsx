import type { AdminUser } from '@hivqe/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useDeleteUser } from '../api/delete-user.ts';

export function UserDeleteDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const deletion = useDeleteUser();
  return (
    <ConfirmDialog
      title="Delete User"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      tone="danger"
      isPending={deletion.isPending}
      error={deletion.isError ? messageOf(deletion.error, 'Failed to delete user') : null}
      onConfirm={() => deletion.mutate(user.username, { onSuccess: onClose })}
      onCancel={onClose}
    >
      Are you sure you want to delete user &quot;{user.email}&quot;? This action cannot be undone.
    </ConfirmDialog>
  );
}
