import type { Organization } from '@hivqe/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useAnswerTransfer } from '../api/answer-transfer.ts';

interface TransferAcceptDialogProps {
  organization: Organization;
  onClose: () => void;
  onAccepted: (message: string) => void;
}

/**
 * The target of a transfer accepts it knowingly (issue 24): the owner's subscription pays for the members'
 * jobs, so the dialog says so before anything moves.
 */
export function TransferAcceptDialog({ organization, onClose, onAccepted }: TransferAcceptDialogProps) {
  const accept = useAnswerTransfer();
  const request = organization.pending_transfer!;
  return (
    <ConfirmDialog
      title="Accept Ownership"
      confirmLabel="Accept"
      pendingLabel="Accepting..."
      isPending={accept.isPending}
      error={accept.isError ? messageOf(accept.error, 'Failed to accept ownership transfer') : null}
      onConfirm={() =>
        accept.mutate(
          { orgId: organization.org_id, requestId: request.request_id, answer: 'accept' },
          {
            onSuccess: (reply) => {
              onClose();
              onAccepted(reply.message);
            },
          },
        )
      }
      onCancel={onClose}
    >
      Become the owner of &quot;{organization.name}&quot;? {request.from_email} will become a regular member.
      As the owner, your marketplace subscription pays for the jobs of every member who can create jobs: check
      the member list first.
    </ConfirmDialog>
  );
}
