import { LOGS_PAGE_SIZE, type AuditLogEntry } from '@hivqe/contract';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryErrorBanner } from '../../../components/ui/query-error-banner.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useAuditLogs } from '../api/get-audit-logs.ts';

const COLUMNS: Column<AuditLogEntry>[] = [
  {
    header: 'Time',
    cell: (entry) => <DateText value={entry.timestamp} withTime />,
    className: 'whitespace-nowrap',
  },
  {
    header: 'Event',
    cell: (entry) => (
      <>
        <span className="font-medium text-slate-900">{entry.actor_email ?? 'System'}</span> {entry.summary}
      </>
    ),
  },
  { header: 'IP', cell: (entry) => entry.ip_address ?? '—' },
];

/** /logs: the audit log of organization, invitation, user and priority changes (our reading of 2.1 and 7.9). */
export function AuditLogsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const logs = useAuditLogs(search, page);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Audit Logs</h1>
        <p className="mt-1 text-sm text-slate-500">
          Who changed organizations, members, invitations, users and priorities, and when
        </p>
      </div>
      <Panel title="Events">
        <SearchForm
          label="Search audit logs"
          placeholder="Search by actor, action, target or IP"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <QueryErrorBanner
          error={logs.error}
          failedAt={logs.errorUpdatedAt}
          fallback="Failed to load audit logs"
        />
        {logs.isPending && <StatusMessage>Loading audit logs...</StatusMessage>}
        {logs.data?.logs.length === 0 && <StatusMessage>No audit events found</StatusMessage>}
        {!!logs.data?.logs.length && (
          <DataTable
            label="Audit logs"
            columns={COLUMNS}
            rows={logs.data.logs}
            rowKey={(entry) => entry.id}
          />
        )}
        {logs.data && (
          <Pager page={page} pageSize={LOGS_PAGE_SIZE} total={logs.data.total} onPage={setPage} />
        )}
      </Panel>
    </div>
  );
}
