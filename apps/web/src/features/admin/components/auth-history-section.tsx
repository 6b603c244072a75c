import { HISTORY_PAGE_SIZE, type AuthEvent } from '@hivqe/contract';
import { useState } from 'react';
import { Chip } from '../../../components/ui/chip.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryErrorBanner } from '../../../components/ui/query-error-banner.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useAuthHistory } from '../api/get-auth-history.ts';

const COLUMNS: Column<AuthEvent>[] = [
  {
    header: 'Time',
    cell: (event) => <DateText value={event.timestamp} withTime />,
    className: 'whitespace-nowrap',
  },
  { header: 'User', cell: (event) => event.email ?? '—' },
  { header: 'Type', cell: (event) => event.event_type },
  { header: 'IP', cell: (event) => event.ip_address ?? '—' },
  { header: 'User Agent', cell: (event) => event.user_agent ?? '—', className: 'max-w-xs break-words' },
  {
    header: 'Result',
    cell: (event) => (
      <Chip tone={event.success ? 'success' : 'danger'}>{event.success ? 'Success' : 'Failed'}</Chip>
    ),
  },
];

/** Every user's sign-in events, searchable, ten to a page (accounts.md 2.10 and 9). */
export function AuthHistorySection() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const history = useAuthHistory(search, page);

  return (
    <Panel title="Authentication History">
      <SearchForm
        label="Search authentication history"
        placeholder="Search by email, event type, IP or user agent"
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <QueryErrorBanner
        error={history.error}
        failedAt={history.errorUpdatedAt}
        fallback="Failed to load authentication history"
      />
      {history.isPending && <StatusMessage>Loading authentication history...</StatusMessage>}
      {history.data?.events.length === 0 && <StatusMessage>No authentication events found</StatusMessage>}
      {!!history.data?.events.length && (
        <DataTable
          label="Authentication history"
          columns={COLUMNS}
          rows={history.data.events}
          rowKey={(event) => `${event.timestamp}-${event.event_type}-${event.email}`}
        />
      )}
      {history.data && (
        <Pager page={page} pageSize={HISTORY_PAGE_SIZE} total={history.data.total} onPage={setPage} />
      )}
    </Panel>
  );
}
