import type { AuditLogEntry } from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ADMIN } from '../../../test/session.ts';
import { failure, recordRequests, renderSignedIn } from '../../organizations/testing/render-signed-in.tsx';
import { AuditLogsPage } from './audit-logs-page.tsx';

function entry(overrides: Partial<AuditLogEntry>): AuditLogEntry {
  return {
    id: 'log-1',
    timestamp: '2025-03-04T15:06:07.000Z',
    actor_email: 'ada@example.com',
    action: 'organization.create',
    summary: 'created the organization "Quantum Lab"',
    target_type: 'organization',
    target_id: '11111111-1111-4111-8111-111111111111',
    target_label: 'Quantum Lab',
    details: {},
    ip_address: '203.0.113.7',
    user_agent: 'Firefox/125',
    ...overrides,
  };
}

/** 120 entries, 50 to a page. */
const serveLogs = () =>
  recordRequests('get', '/computing/elasticsearch/logs', ({ url }) =>
    HttpResponse.json({
      logs:
        url.searchParams.get('page') === '2'
          ? [
              entry({
                id: 'log-51',
                action: 'member.remove',
                summary: 'removed bob@example.com from "Quantum Lab"',
                ip_address: null,
              }),
            ]
          : [
              entry({}),
              entry({
                id: 'log-2',
                action: 'user.system_admin',
                summary: 'granted System Admin to bob@example.com',
              }),
              entry({
                id: 'log-3',
                actor_email: null,
                action: 'user.delete',
                summary: 'deleted the account of x@example.com',
              }),
            ],
      total: 120,
      current_page: Number(url.searchParams.get('page')),
    }),
  );

describe('audit logs page', () => {
  it('shows the audit events from the log engine, with search and paging', async () => {
    const requests = serveLogs();
    const { user } = await renderSignedIn(<AuditLogsPage />, SYSTEM_ADMIN);

    expect(screen.getByRole('heading', { name: 'Audit Logs', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit logs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Time', 'Event', 'IP']);
    const [, created, granted, deleted] = within(table).getAllByRole('row');
    expect(created).toHaveTextContent('Mar 4, 2025');
    expect(within(created).getAllByRole('cell')[1]).toHaveTextContent(
      /^ada@example\.com created the organization "Quantum Lab"$/,
    );
    expect(created).toHaveTextContent('203.0.113.7');
    expect(within(granted).getAllByRole('cell')[1]).toHaveTextContent(
      /^ada@example\.com granted System Admin to bob@example\.com$/,
    );
    expect(within(deleted).getAllByRole('cell')[1]).toHaveTextContent(
      /^System deleted the account of x@example\.com$/,
    );
    expect(requests[0].url.pathname).toBe('/api/v1/computing/elasticsearch/logs');
    expect(Object.fromEntries(requests[0].url.searchParams)).toEqual({ limit: '50', page: '1' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/removed bob@example\.com from "Quantum Lab"/)).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search audit logs' }), 'Quantum');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(Object.fromEntries(requests.at(-1)!.url.searchParams)).toEqual({
        limit: '50',
        page: '1',
        search: 'Quantum',
      }),
    );
  });

  it("says 'No audit events found' when nothing matches, and shows why loading failed", async () => {
    const answers = [
      HttpResponse.json({ logs: [], total: 0, current_page: 1 }),
      failure('Search engine unavailable', 503),
    ];
    recordRequests('get', '/computing/elasticsearch/logs', () => answers.shift()!);
    const { user } = await renderSignedIn(<AuditLogsPage />, SYSTEM_ADMIN);

    expect(await screen.findByText('No audit events found')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search audit logs' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Search engine unavailable');
  });
});
