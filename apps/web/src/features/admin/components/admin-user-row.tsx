import type { AdminUser } from '@hivqe/contract';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Chip } from '../../../components/ui/chip.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { membershipLabel, userStatus } from '../admin-labels.ts';

interface AdminUserRowProps {
  user: AdminUser;
  isUpdating: boolean;
  onSystemAdminChange: (isSystemAdmin: boolean) => void;
  onManageRoles: () => void;
  onApiTokens: () => void;
  onDelete: () => void;
}

export function AdminUserRow({
  user,
  isUpdating,
  onSystemAdminChange,
  onManageRoles,
  onApiTokens,
  onDelete,
}: AdminUserRowProps) {
  const status = userStatus(user.user_status);
  const memberships = user.roles.organizations;
  return (
    <li aria-label={user.email} className="flex flex-wrap items-start justify-between gap-4 py-4">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-slate-900">{user.email}</p>
        <p className="text-xs text-slate-500">{user.username}</p>
        <div className="flex flex-wrap gap-1.5">
          <Chip tone={status.tone}>{status.label}</Chip>
          <Chip tone="info">{user.roles.system_admin ? 'System Admin' : 'User'}</Chip>
          {memberships.map((membership) => (
            <Chip key={membership.org_id}>{membershipLabel(membership)}</Chip>
          ))}
        </div>
        <p className="text-xs text-slate-500">
          Created: <DateText value={user.user_create_date} fallback="Unknown" />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <CheckboxField
          label="System Admin"
          checked={user.roles.system_admin}
          disabled={isUpdating}
          onChange={onSystemAdminChange}
        />
        {memberships.length > 0 && (
          <Button variant="secondary" className="px-3 py-1" onClick={onManageRoles}>
            Org Roles
          </Button>
        )}
        <Button variant="secondary" className="px-3 py-1" onClick={onApiTokens}>
          API Tokens
        </Button>
        <Button variant="danger" className="px-3 py-1" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}
