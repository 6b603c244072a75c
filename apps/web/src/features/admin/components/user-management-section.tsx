import type { AdminUser } from '@hivqe/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryErrorBanner } from '../../../components/ui/query-error-banner.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useSetSystemAdmin } from '../api/set-system-admin.ts';
import { AdminUserRow } from './admin-user-row.tsx';
import { SelfDemotionDialog } from './self-demotion-dialog.tsx';
import { UserApiTokensDialog } from './user-api-tokens-dialog.tsx';
import { UserDeleteDialog } from './user-delete-dialog.tsx';
import { UserOrganizationRolesDialog } from './user-organization-roles-dialog.tsx';

type UserDialog = { kind: 'delete' | 'roles' | 'api-tokens' | 'demote-self'; user: AdminUser } | null;

const SYSTEM_ADMIN_FALLBACK = 'Failed to change system admin role';

export function UserManagementSection() {
  const [search, setSearch] = useState('');
  const users = useAdminUsers(search);
  const callerEmail = useAuth().user?.email ?? null;
  const systemAdmin = useSetSystemAdmin(callerEmail);
  const [dialog, setDialog] = useState<UserDialog>(null);
  const close = () => setDialog(null);
  const changeSystemAdmin = (user: AdminUser, isSystemAdmin: boolean) => {
    if (user.email === callerEmail && !isSystemAdmin) return setDialog({ kind: 'demote-self', user });
    systemAdmin.mutate({ user, is_system_admin: isSystemAdmin });
  };
  const list = users.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <Panel
      title="User Management"
      actions={
        <Button variant="secondary" disabled={users.isFetching} onClick={() => void users.refetch()}>
          Refresh
        </Button>
      }
    >
      <SearchForm label="Search users" placeholder="Search by username or email" onSearch={setSearch} />
      <QueryErrorBanner error={users.error} failedAt={users.errorUpdatedAt} fallback="Failed to load users" />
      {systemAdmin.isError && dialog?.kind !== 'demote-self' && (
        <Banner tone="error" onDismiss={systemAdmin.reset}>
          {messageOf(systemAdmin.error, SYSTEM_ADMIN_FALLBACK)}
        </Banner>
      )}
      {users.isPending && <StatusMessage>Loading users...</StatusMessage>}
      {users.isSuccess && list.length === 0 && <StatusMessage>No users found</StatusMessage>}
      {list.length > 0 && (
        <ul aria-label="Users" className="divide-y divide-slate-100">
          {list.map((user) => (
            <AdminUserRow
              key={user.username}
              user={user}
              isUpdating={systemAdmin.isPending && systemAdmin.variables?.user.username === user.username}
              onSystemAdminChange={(isSystemAdmin) => changeSystemAdmin(user, isSystemAdmin)}
              onManageRoles={() => setDialog({ kind: 'roles', user })}
              onApiTokens={() => setDialog({ kind: 'api-tokens', user })}
              onDelete={() => setDialog({ kind: 'delete', user })}
            />
          ))}
        </ul>
      )}
      {users.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            disabled={users.isFetchingNextPage}
            onClick={() => void users.fetchNextPage()}
          >
            {users.isFetchingNextPage ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      )}
      {dialog?.kind === 'delete' && <UserDeleteDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'roles' && <UserOrganizationRolesDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'api-tokens' && <UserApiTokensDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'demote-self' && (
        <SelfDemotionDialog
          isPending={systemAdmin.isPending}
          error={systemAdmin.isError ? messageOf(systemAdmin.error, SYSTEM_ADMIN_FALLBACK) : null}
          onConfirm={() =>
            systemAdmin.mutate({ user: dialog.user, is_system_admin: false }, { onSuccess: close })
          }
          onCancel={() => {
            systemAdmin.reset();
            close();
          }}
        />
      )}
    </Panel>
  );
}
