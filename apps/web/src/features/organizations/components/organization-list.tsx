import type { Organization } from '@hivqe/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useMyOrganizations } from '../api/get-my-organizations.ts';
import { OrganizationLeaveDialog } from './organization-leave-dialog.tsx';
import { OrganizationListItem } from './organization-list-item.tsx';

interface OrganizationListProps {
  selectedId: string | null;
  onSelect: (orgId: string) => void;
  onLeft: (orgId: string) => void;
}

export function OrganizationList({ selectedId, onSelect, onLeft }: OrganizationListProps) {
  const organizations = useMyOrganizations();
  const [leaving, setLeaving] = useState<Organization | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  return (
    <Panel title="Organizations">
      {refusal && (
        <Banner tone="error" onDismiss={() => setRefusal(null)}>
          {refusal}
        </Banner>
      )}
      {organizations.isPending && <StatusMessage>Loading organizations...</StatusMessage>}
      {organizations.isError && (
        <Banner tone="error">{messageOf(organizations.error, 'Failed to load organizations')}</Banner>
      )}
      {organizations.data?.organizations.length === 0 && (
        <StatusMessage>No organizations found</StatusMessage>
      )}
      {!!organizations.data?.organizations.length && (
        <ul className="space-y-2">
          {organizations.data.organizations.map((organization) => (
            <OrganizationListItem
              key={organization.org_id}
              organization={organization}
              isSelected={organization.org_id === selectedId}
              onSelect={() => onSelect(organization.org_id)}
              onLeave={() => {
                setRefusal(null);
                setLeaving(organization);
              }}
              onRefused={setRefusal}
            />
          ))}
        </ul>
      )}
      {leaving && (
        <OrganizationLeaveDialog
          organization={leaving}
          onClose={() => setLeaving(null)}
          onLeft={() => {
            setLeaving(null);
            onLeft(leaving.org_id);
          }}
        />
      )}
    </Panel>
  );
}
