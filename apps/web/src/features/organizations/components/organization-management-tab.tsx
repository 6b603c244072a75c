import { useMyOrganizations } from '../api/get-my-organizations.ts';
import { OrganizationDetails } from './organization-details.tsx';
import { OrganizationList } from './organization-list.tsx';
import { PendingForYou } from './pending-for-you.tsx';

interface OrganizationManagementTabProps {
  selectedId: string | null;
  onSelect: (orgId: string | null) => void;
}

/** The list on the left, the selected organization's details on the right. */
export function OrganizationManagementTab({ selectedId, onSelect }: OrganizationManagementTabProps) {
  const organizations = useMyOrganizations();
  const selected = organizations.data?.organizations.find(
    (organization) => organization.org_id === selectedId,
  );
  const clearIfSelected = (orgId: string) => {
    if (orgId === selectedId) onSelect(null);
  };

  return (
    <div className="space-y-6">
      <PendingForYou />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <OrganizationList selectedId={selectedId} onSelect={onSelect} onLeft={clearIfSelected} />
        {selected ? (
          <OrganizationDetails
            key={selected.org_id}
            organization={selected}
            onDeleted={() => clearIfSelected(selected.org_id)}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-500">
            Select an organization to view details
          </p>
        )}
      </div>
    </div>
  );
}
