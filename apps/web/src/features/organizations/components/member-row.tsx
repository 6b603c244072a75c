import type { OrganizationMember } from '@hivqe/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Chip } from '../../../components/ui/chip.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { isOwnerRow, type Standing } from '../standing.ts';

interface MemberRowProps {
  member: OrganizationMember;
  standing: Standing;
  isUpdating: boolean;
  onToggleJobPermission: () => void;
  onRemove: () => void;
  onTransfer: () => void;
}

/**
 * One member. The owner grants or revokes job permission and transfers ownership on member rows; managers
 * remove members other than themselves. The owner's row has no actions: the owner is never removed.
 */
export function MemberRow({
  member,
  standing,
  isUpdating,
  onToggleJobPermission,
  onRemove,
  onTransfer,
}: MemberRowProps) {
  const isOwner = isOwnerRow(member);
  const canCreateJobs = isOwner || member.can_create_jobs;
  const ownerActions = standing.isOwner && !isOwner;
  const canRemove = standing.canManage && !isOwner && member.email.toLowerCase() !== standing.email;

  return (
    <li aria-label={member.email} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{member.email}</p>
          <p className="text-xs text-slate-500">Role: {isOwner ? 'Owner' : 'Member'}</p>
          <p className="text-xs text-slate-500">
            Joined: <DateText value={member.created_at} fallback="Unknown" />
          </p>
        </div>
        <Chip tone={canCreateJobs ? 'success' : 'neutral'}>
          {canCreateJobs ? 'Can Create Jobs' : 'No Job Permission'}
        </Chip>
      </div>
      {(ownerActions || canRemove) && (
        <div className="flex flex-wrap gap-2">
          {ownerActions && (
            <>
              <Button
                variant="secondary"
                className="px-3 py-1"
                disabled={isUpdating}
                onClick={onToggleJobPermission}
              >
                {member.can_create_jobs ? 'Revoke' : 'Grant'}
              </Button>
              <Button variant="secondary" className="px-3 py-1" onClick={onTransfer}>
                Transfer
              </Button>
            </>
          )}
          {canRemove && (
            <Button variant="danger" className="px-3 py-1" onClick={onRemove}>
              Remove
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
