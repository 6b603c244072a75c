import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { isSystemAdmin } from '../../auth/permissions.ts';
import { PrioritiesTab } from '../../priorities/components/priorities-tab.tsx';
import { OrganizationCreateDialog } from './organization-create-dialog.tsx';
import { OrganizationManagementTab } from './organization-management-tab.tsx';

type TabId = 'management' | 'priorities';

const TABS = [
  { id: 'management', label: 'Organization Management' },
  { id: 'priorities', label: 'Job Permission Priorities' },
] as const;

/** accounts.md 2.11: a system administrator manages every organization, anyone else their own. */
export function OrganizationsPage() {
  const { permissions } = useAuth();
  const systemWide = isSystemAdmin(permissions);
  const [tab, setTab] = useState<TabId>('management');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">
            {systemWide ? 'System Organization Management' : 'My Organizations'}
          </h1>
          <p className="mt-1 text-sm text-slate-500">
            {systemWide
              ? 'Manage all organizations in the system'
              : 'View and manage organizations you belong to'}
          </p>
        </div>
        {tab === 'management' && <Button onClick={() => setIsCreating(true)}>Create Organization</Button>}
      </div>
      <Tabs label="Organization views" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'management' ? (
          <OrganizationManagementTab selectedId={selectedId} onSelect={setSelectedId} />
        ) : (
          <PrioritiesTab />
        )}
      </Tabs>
      {isCreating && (
        <OrganizationCreateDialog
          onClose={() => setIsCreating(false)}
          onCreated={(organization) => {
            setIsCreating(false);
            setSelectedId(organization.org_id);
          }}
        />
      )}
    </div>
  );
}
