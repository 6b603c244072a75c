import type { Organization, OrganizationMember } from '@hivqe/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useOrganizationMembers } from '../api/get-organization-members.ts';
import { useSetMemberJobPermission } from '../api/set-member-job-permission.ts';
import type { Standing } from '../standing.ts';
import { MemberRemoveDialog } from './member-remove-dialog.tsx';
import { MemberRow } from './member-row.tsx';
import { MemberTransferDialog } from './member-transfer-dialog.tsx';

type MemberDialog = { kind: 'remove' | 'transfer'; member: OrganizationMember } | null;

interface MemberListProps {
  organization: Organization;
  standing: Standing;
}

export function MemberList({ organization, standing }: MemberListProps) {
  const members = useOrganizationMembers(organization.org_id);
  const permission = useSetMemberJobPermission();
  const [dialog, setDialog] = useState<MemberDialog>(null);
  const close = () => setDialog(null);

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-medium text-slate-700">Members</h3>
      {permission.isError && (
        <Banner tone="error" onDismiss={permission.reset}>
          {messageOf(permission.error, 'Failed to update permission')}
        </Banner>
      )}
      {members.isPending && <StatusMessage>Loading members...</StatusMessage>}
      {members.isError && <Banner tone="error">{messageOf(members.error, 'Failed to load members')}</Banner>}
      {members.data && (
        <ul aria-label="Members" className="max-h-[28rem] space-y-2 overflow-y-auto">
          {members.data.members.map((member) => (
            <MemberRow
              key={member.email}
              member={member}
              standing={standing}
              isUpdating={permission.isPending && permission.variables?.email === member.email}
              onToggleJobPermission={() =>
                permission.mutate({
                  orgId: organization.org_id,
                  email: member.email,
                  can_create_jobs: !member.can_create_jobs,
                })
              }
              onRemove={() => setDialog({ kind: 'remove', member })}
              onTransfer={() => setDialog({ kind: 'transfer', member })}
            />
          ))}
        </ul>
      )}
      {dialog?.kind === 'remove' && (
        <MemberRemoveDialog organization={organization} member={dialog.member} onClose={close} />
      )}
      {dialog?.kind === 'transfer' && (
        <MemberTransferDialog organization={organization} member={dialog.member} onClose={close} />
      )}
    </div>
  );
}
