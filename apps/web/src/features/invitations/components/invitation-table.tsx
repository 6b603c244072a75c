import type { Invitation } from '@hivqe/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Chip } from '../../../components/ui/chip.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { invitationRoleLabel, invitationStatus } from '../invitation-labels.ts';

interface InvitationTableProps {
  invitations: Invitation[];
  /** The invitation being resent or cancelled. */
  busyId: string | undefined;
  onResend: (invitation: Invitation) => void;
  onCancel: (invitation: Invitation) => void;
}

export function InvitationTable({ invitations, busyId, onResend, onCancel }: InvitationTableProps) {
  const columns: Column<Invitation>[] = [
    { header: 'Email', cell: (invitation) => invitation.email, className: 'font-medium text-slate-900' },
    { header: 'Role', cell: (invitation) => invitationRoleLabel(invitation.role) },
    { header: 'Organization', cell: (invitation) => invitation.org_name ?? '—' },
    {
      header: 'Created',
      cell: (invitation) => <DateText value={invitation.created_at} />,
      className: 'whitespace-nowrap',
    },
    {
      header: 'Expires',
      cell: (invitation) => <DateText value={invitation.expires_at} />,
      className: 'whitespace-nowrap',
    },
    {
      header: 'Status',
      cell: (invitation) => {
        const status = invitationStatus(invitation.status);
        return <Chip tone={status.tone}>{status.label}</Chip>;
      },
    },
    {
      header: 'Actions',
      cell: (invitation) =>
        invitation.status === 'pending' && (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              className="px-3 py-1"
              disabled={busyId === invitation.invite_id}
              onClick={() => onResend(invitation)}
            >
              Resend
            </Button>
            <Button
              variant="danger"
              className="px-3 py-1"
              disabled={busyId === invitation.invite_id}
              onClick={() => onCancel(invitation)}
            >
              Cancel
            </Button>
          </div>
        ),
    },
  ];
  return (
    <DataTable
      label="Invitations"
      columns={columns}
      rows={invitations}
      rowKey={(invitation) => invitation.invite_id}
    />
  );
}
