import type { Organization } from '@hivqe/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../components/ui/date-text.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useStanding } from '../standing.ts';
import { MemberAddDialog } from './member-add-dialog.tsx';
import { MemberInviteDialog } from './member-invite-dialog.tsx';
import { MemberList } from './member-list.tsx';
import { OrganizationDeleteDialog } from './organization-delete-dialog.tsx';
import { OrganizationPending } from './organization-pending.tsx';
import { OrganizationRenameDialog } from './organization-rename-dialog.tsx';

type OpenDialog = 'rename' | 'invite' | 'add' | 'delete' | null;

interface OrganizationDetailsProps {
  organization: Organization;
  onDeleted: () => void;
}

export function OrganizationDetails({ organization, onDeleted }: OrganizationDetailsProps) {
  const standing = useStanding(organization);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { message, flash } = useFlashMessage();
  const close = () => setDialog(null);

  const actions = standing.canManage && (
    <div className="flex max-w-full flex-wrap gap-2">
      {standing.isOwner && (
        <Button variant="secondary" onClick={() => setDialog('rename')}>
          Rename
        </Button>
      )}
      <Button variant="secondary" onClick={() => setDialog('invite')}>
        Invite Member
      </Button>
      <Button variant="secondary" onClick={() => setDialog('add')}>
        Add Member
      </Button>
      <Button variant="danger" onClick={() => setDialog('delete')}>
        Delete
      </Button>
    </div>
  );

  return (
    <Panel
      title={organization.name}
      description={`Created: ${formatDate(organization.created_at) ?? 'Unknown'}`}
      actions={actions}
    >
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {standing.canManage && <OrganizationPending organization={organization} />}
      <MemberList organization={organization} standing={standing} />
      {dialog === 'invite' && (
        <MemberInviteDialog
          organization={organization}
          onClose={close}
          onSent={(invitation) => {
            close();
            flash('success', `Invitation sent to ${invitation.email}`);
          }}
        />
      )}
      {dialog === 'add' && (
        <MemberAddDialog
          organization={organization}
          onClose={close}
          onAdded={(text) => {
            close();
            flash('success', text);
          }}
        />
      )}
      {dialog === 'rename' && (
        <OrganizationRenameDialog
          organization={organization}
          onClose={close}
          onRenamed={(renamed) => {
            close();
            flash('success', `Organization renamed to "${renamed.name}"`);
          }}
        />
      )}
      {dialog === 'delete' && (
        <OrganizationDeleteDialog organization={organization} onClose={close} onDeleted={onDeleted} />
      )}
    </Panel>
  );
}
