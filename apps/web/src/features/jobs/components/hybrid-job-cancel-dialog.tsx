import type { HybridJob } from '@hivqe/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useCancelHybridJob } from '../api/cancel-hybrid-job.ts';

/** jobs.md's words when the server gave no reason of its own (it could not be reached). */
const FAILED = 'Failed to cancel job';

/**
 * The server's reason for a refusal (a 409 says how the job changed, e.g. it is already COMPLETED).
 * Asks before cancelling (jobs.md 2.5 leaves it open; a cancel cannot be undone). On success the job caches
 * are invalidated, so the list reloads, and the dialog closes; a failure reloads the list too and keeps the
 * dialog open with the reason.
 */
export function HybridJobCancelDialog({
  job,
  onClose,
}: {
  /** Any job a cancel reaches: the owner's from a panel, anyone's from the admin panel. */
  job: Pick<HybridJob, 'job_arn' | 'job_name'>;
  onClose: () => void;
}) {
  const cancel = useCancelHybridJob();
  return (
    <ConfirmDialog
      title="Cancel Job"
      confirmLabel="Cancel Job"
      pendingLabel="Cancelling..."
      tone="danger"
      isPending={cancel.isPending}
      error={cancel.isError ? messageOf(cancel.error, FAILED) : null}
      onConfirm={() => cancel.mutate(job.job_arn, { onSuccess: onClose })}
      onCancel={onClose}
    >
      Are you sure you want to cancel the job <strong>{job.job_name}</strong>? This cannot be undone.
    </ConfirmDialog>
  );
}
