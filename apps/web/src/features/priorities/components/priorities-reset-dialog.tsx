import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useUpdateOrganizationPriorities } from '../api/update-organization-priorities.ts';

interface PrioritiesResetDialogProps {
  onClose: () => void;
  onReset: () => void;
}

export function PrioritiesResetDialog({ onClose, onReset }: PrioritiesResetDialogProps) {
  const reset = useUpdateOrganizationPriorities();
  return (
    <ConfirmDialog
      title="Reset to Default"
      confirmLabel="Reset"
      pendingLabel="Resetting..."
      isPending={reset.isPending}
      error={reset.isError ? 'Failed to reset to default. Please try again.' : null}
      onConfirm={() => reset.mutate({ priorities: [] }, { onSuccess: onReset })}
      onCancel={onClose}
    >
      Reset to default priority order (join order)? This will clear your custom ordering.
    </ConfirmDialog>
  );
}
