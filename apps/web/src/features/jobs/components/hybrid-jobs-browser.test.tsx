import { AQUILA, DM1, JOB_STATUSES, type HybridJob } from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_ID,
  ROLE_ARN,
  hybridJob,
  jobHyperparameters,
  manyJobs,
  mockHybridJobs,
} from '../testing/job-fixtures.ts';
import { renderJobUi } from '../testing/render-job-ui.tsx';
import { HybridJobsBrowser } from './hybrid-jobs-browser.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';

const actions = { onDetails: vi.fn(), onMonitor: vi.fn(), onClone: vi.fn(), onCancel: vi.fn() };

const SCOPE = { userId: 'ada', roleArn: ROLE_ARN, accountId: ACCOUNT_ID };

/** The table over `jobs` as the server pages them, once its first page is in. */
async function renderBrowser(jobs: HybridJob[]) {
  mockHybridJobs(jobs);
  const rendered = renderJobUi(<HybridJobsBrowser scope={SCOPE} actions={actions} onCreateFirst={vi.fn()} />);
  await screen.findByRole('navigation', { name: 'Pagination' });
  return rendered;
}

const showing = () => screen.getByRole('navigation', { name: 'Pagination' }).querySelector('p')?.textContent;
const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button', { name: /^Page / })
    .map((button) => button.textContent);
const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('hybrid jobs table', () => {
  it('pages the list 10 at a time and says where it is', async () => {
    const { user } = await renderBrowser(manyJobs(25));
    await waitFor(() => expect(showing()).toBe('Showing 1-10 of 25 jobs (Page 1 of 3)'));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(pageButtons()).toEqual(['1', '2', '3']);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(showing()).toBe('Showing 11-20 of 25 jobs (Page 2 of 3)'));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(showing()).toBe('Showing 21-25 of 25 jobs (Page 3 of 3)'));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(showing()).toBe('Showing 1-10 of 25 jobs (Page 1 of 3)'));
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('shows every page up to 7, and beyond that page 1, the current ±2 and the last with ellipses', async () => {
    const { unmount } = await renderBrowser(manyJobs(70));
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(screen.queryByText('...')).not.toBeInTheDocument();
    unmount();

    const { user } = await renderBrowser(manyJobs(150));
    expect(pageButtons()).toEqual(['1', '2', '3', '15']);
    expect(screen.getAllByText('...')).toHaveLength(1);

    for (const page of ['Page 3', 'Page 5', 'Page 7'])
      await user.click(screen.getByRole('button', { name: page }));
    expect(pageButtons()).toEqual(['1', '5', '6', '7', '8', '9', '15']);
    expect(screen.getAllByText('...')).toHaveLength(2);
    await waitFor(() => expect(showing()).toBe('Showing 61-70 of 150 jobs (Page 7 of 15)'));
  });

  it('goes back to page 1 when a filter or the page size changes', async () => {
    const { user } = await renderBrowser(manyJobs(25));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.selectOptions(screen.getByLabelText('Per page'), '20');
    await waitFor(() => expect(showing()).toBe('Showing 1-20 of 25 jobs (Page 1 of 2)'));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'COMPLETED');
    await waitFor(() => expect(showing()).toBe('Showing 1-20 of 25 jobs (Page 1 of 2)'));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.selectOptions(screen.getByLabelText('Date'), 'custom');
    await waitFor(() => expect(showing()).toBe('Showing 1-20 of 25 jobs (Page 1 of 2)'));
  });

  it('filters by region, status, device and a custom date range on the server, offering every known value', async () => {
    const jobs = [
      hybridJob('east-done', { created_at: '2025-03-01T10:00:00.000Z' }),
      hybridJob('east-running', {
        status: 'RUNNING',
        device: AQUILA.arn,
        created_at: '2025-03-05T10:00:00.000Z',
      }),
      hybridJob('west-queued', {
        job_arn: 'arn:aws:braket:us-west-1:123456789012:job/west-queued',
        status: 'QUEUED',
        device: DM1.arn,
        created_at: '2025-03-09T10:00:00.000Z',
      }),
    ];
    const { user } = await renderBrowser(jobs);
    const optionsOf = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(optionsOf('Region')).toEqual([
      'All regions',
      'eu-north-1',
      'eu-west-2',
      'us-east-1',
      'us-west-1',
      'us-west-2',
    ]);
    expect(optionsOf('Status')).toEqual(['All statuses', ...[...JOB_STATUSES].sort()]);
    expect(optionsOf('Device')).toEqual(
      expect.arrayContaining(['All devices', 'Aquila', 'dm1', 'sv1', 'Garnet']),
    );
    expect(optionsOf('Date')).toEqual([
      'All time',
      'Today',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Custom range...',
    ]);

    await user.selectOptions(screen.getByLabelText('Region'), 'us-west-1');
    await screen.findByText('Showing 1-1 of 1 jobs (Page 1 of 1)');
    expect(rows().map((row) => within(row).getAllByRole('cell')[0].firstChild?.textContent)).toEqual([
      'west-queued',
    ]);
    await user.selectOptions(screen.getByLabelText('Region'), '');
    await user.selectOptions(screen.getByLabelText('Device'), 'Aquila');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('east-running')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Device'), '');
    await user.selectOptions(screen.getByLabelText('Status'), 'COMPLETED');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('east-done')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), '');

    await user.selectOptions(screen.getByLabelText('Date'), 'custom');
    await user.type(screen.getByLabelText('From'), '2025-03-02');
    await user.type(screen.getByLabelText('To'), '2025-03-05');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('east-running')).toBeInTheDocument();
    await waitFor(() => expect(showing()).toBe('Showing 1-1 of 1 jobs (Page 1 of 1)'));
  });

  it('shows name and ARN, device with shots and vendor, molecule with bond length and orbitals, ansatz, UTC dates', async () => {
    const job = hybridJob('h2-run', {
      hyperparameters: jobHyperparameters({
        molecule_geometry: 'H 0 0 0;H 0 0 0.735',
        geometry_tag: '0.7',
        shots: 500,
        max_iter: 40,
        ansatz: 'uccsd',
        ansatz_entanglement: 'linear',
        ansatz_reps: 3,
        basis: 'sto3g',
        active_orbitals: [0, 1, 2, 3, 4],
        frozen_orbitals: [],
      }),
      started_at: null,
      ended_at: null,
    });
    await renderBrowser([job]);
    const cells = within(rowOf('h2-run')).getAllByRole('cell');

    expect(cells[0]).toHaveTextContent(job.job_arn);
    expect(cells[2]).toHaveTextContent('sv1 (500 shots)');
    expect(cells[2]).toHaveTextContent('amazon');
    expect(within(cells[3]).getByText('H2 (0.735 Å)')).toBeInTheDocument();
    expect(within(cells[3]).getByText('Act: [0,1,2,...], Frz: []')).toBeInTheDocument();
    expect(cells[3].firstElementChild).toHaveAttribute(
      'title',
      'Geometry: H 0 0 0;H 0 0 0.735\nBasis: sto3g\nActive: 0, 1, 2, 3, 4\nFrozen: ',
    );
    const ansatz = within(cells[4]).getByText('uccsd, linear, 3 reps, sto3g');
    expect(ansatz).toHaveAttribute('title', 'uccsd, linear, 3 reps, sto3g\n40 iterations\n500 shots');
    expect(cells[5]).toHaveTextContent('2025-03-01 10:00:00 UTC');
    expect(cells[6]).toHaveTextContent('-');
    expect(cells[7]).toHaveTextContent('-');
  });

  it('names molecules by their atoms: N2 at its bond length, water by its symbols with the geometry tag', async () => {
    await renderBrowser([
      hybridJob('nitrogen'),
      hybridJob('water', {
        hyperparameters: jobHyperparameters({
          molecule_geometry: 'O 0 0 0;H 0.76 0.59 0;H -0.76 0.59 0',
          geometry_tag: '1.0',
        }),
      }),
    ]);
    expect(within(rowOf('nitrogen')).getByText('N2 (1.0 Å)')).toBeInTheDocument();
    expect(within(rowOf('nitrogen')).getByText('Act: [2,3,4,...], Frz: [0,1]')).toBeInTheDocument();
    expect(within(rowOf('water')).getByText('OHH (1.0 Å)')).toBeInTheDocument();
  });

  it('offers Cancel Job only for QUEUED, RUNNING, STARTING and CREATED jobs, and passes each action its job', async () => {
    const statuses = [
      'QUEUED',
      'RUNNING',
      'STARTING',
      'CREATED',
      'COMPLETED',
      'FAILED',
      'CANCELLED',
      'STOPPING',
    ];
    const jobs = statuses.map((status, index) =>
      hybridJob(`job-${status}`, {
        status: status as HybridJob['status'],
        created_at: new Date(Date.UTC(2025, 0, 10 - index)).toISOString(),
      }),
    );
    const { user } = await renderBrowser(jobs);
    for (const status of statuses) {
      const cancel = within(rowOf(`job-${status}`)).queryByRole('button', { name: 'Cancel Job' });
      expect(cancel !== null, status).toBe(['QUEUED', 'RUNNING', 'STARTING', 'CREATED'].includes(status));
    }

    const row = rowOf('job-RUNNING');
    for (const [name, spy] of [
      ['View Details', actions.onDetails],
      ['Monitor Job', actions.onMonitor],
      ['Clone Job', actions.onClone],
      ['Cancel Job', actions.onCancel],
    ] as const) {
      await user.click(within(row).getByRole('button', { name }));
      expect(spy).toHaveBeenLastCalledWith(jobs[1]);
    }
  });
});

describe('job status badge', () => {
  it.each([
    ['COMPLETED', 'COMPLETED', 'green'],
    ['SUCCEEDED', 'SUCCEEDED', 'green'],
    ['RUNNING', 'RUNNING', 'blue-pulse'],
    ['STARTING', 'STARTING', 'light-blue'],
    ['FAILED', 'FAILED', 'red'],
    ['CANCELLED', 'CANCELLED', 'grey'],
    ['CREATED', 'CREATED', 'yellow'],
    ['QUEUED', 'QUEUED', 'orange'],
    ['STOPPING', 'STOPPING', 'purple'],
    ['CANCELLING', 'CANCELLING', 'purple'],
    ['STOPPED', 'STOPPED', 'dark-grey'],
    ['PENDING', 'PENDING', 'yellow'],
    ['MYSTERY', 'MYSTERY', 'grey'],
    [null, 'UNKNOWN', 'grey'],
  ])('shows %s as %s in %s', (status, label, colour) => {
    renderJobUi(<JobStatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveAttribute('data-colour', colour);
    expect(badge.classList.contains('animate-pulse')).toBe(colour === 'blue-pulse');
  });
});
