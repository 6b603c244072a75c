import type { Invitation, Organization } from '@hivqe/contract';
import { Modal } from '../../../components/ui/modal.tsx';
import { InviteForm } from '../../invitations/components/invite-form.tsx';

interface MemberInviteDialogProps {
  organization: Organization;
  onClose: () => void;
  onSent: (invitation: Invitation) => void;
}

/** The invite form with this organization fixed, so the invitee joins as a member. */
export function MemberInviteDialog({ organization, onClose, onSent }: MemberInviteDialogProps) {
  return (
    <Modal title={`Invite Member to ${organization.name}`} onClose={onClose}>
      <InviteForm organizationId={organization.org_id} onSent={onSent} onCancel={onClose} />
    </Modal>
  );
}
