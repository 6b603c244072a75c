import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

interface SelfDemotionDialogProps {
  isPending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asked before an administrator removes their own System Admin role, which closes this screen to them. */
export function SelfDemotionDialog({ isPending, error, onConfirm, onCancel }: SelfDemotionDialogProps) {
  return (
    <ConfirmDialog
      title="Remove Your System Admin Role"
      confirmLabel="Remove My System Admin Role"
      pendingLabel="Removing..."
      tone="danger"
      isPending={isPending}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      You are about to remove your own System Admin role. You will lose access to User Management, Invitations
      and Audit Logs at once, and only another system administrator can give it back.
    </ConfirmDialog>
  );
}
