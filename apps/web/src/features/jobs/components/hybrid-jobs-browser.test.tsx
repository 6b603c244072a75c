import { ANKAA_3, AQUILA, DM1, JOB_STATUSES, type HybridJob } from '@hivqe/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
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

const actions = {
  onDetails: vi.fn(),
  onMonitor: vi.fn(),
  onClone: vi.fn(),
  onCancel: vi.fn(),
  onCopyArn: vi.fn(),
  onScan: vi.fn(),
};

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
/** The name a row leads with. */
const nameOf = (row: HTMLElement) => within(row).getAllByRole('cell')[0].querySelector('span')?.textContent;

// Each test renders and re-renders pages of rows, which takes seconds in jsdom on a loaded machine.
describe('hybrid jobs table', { timeout: 20_000 }, () => {
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
    expect(rows().map(nameOf)).toEqual(['west-queued']);
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

  it('names the back end beside the device, and a QPU the local engine only simulated', async () => {
    await renderBrowser([
      hybridJob('on-braket', { device: ANKAA_3.arn, backend: 'braket' }),
      hybridJob('simulated', { device: ANKAA_3.arn, backend: 'local', simulated_locally: true }),
    ]);
    expect(within(rowOf('on-braket')).getAllByRole('cell')[2]).toHaveTextContent('Amazon Braket');
    expect(within(rowOf('simulated')).getAllByRole('cell')[2]).toHaveTextContent(
      'Local engine (simulated locally)',
    );
  });

  it('shows each job on one line: name, device with shots and vendor, molecule with bond length and orbitals, ansatz, short dates with the full UTC value', async () => {
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
    const { user } = await renderBrowser([job]);
    const cells = within(rowOf('h2-run')).getAllByRole('cell');

    expect(cells[0]).not.toHaveTextContent(job.job_arn);
    expect(cells[2]).toHaveTextContent('sv1 (500 shots)');
    expect(cells[2]).toHaveTextContent('amazon');
    expect(cells[2]).toHaveTextContent('Local engine');
    expect(within(cells[3]).getByText('H2 (0.735 Å)')).toBeInTheDocument();
    expect(within(cells[3]).getByText('Act: [0,1,2,...], Frz: []')).toBeInTheDocument();
    expect(cells[3].firstElementChild).toHaveAttribute(
      'title',
      'Geometry: H 0 0 0;H 0 0 0.735\nBasis: sto3g\nActive: 0, 1, 2, 3, 4\nFrozen: ',
    );
    const ansatz = within(cells[4]).getByText('uccsd, linear, 3 reps, sto3g');
    expect(ansatz).toHaveAttribute('title', 'uccsd, linear, 3 reps, sto3g\n40 iterations\n500 shots');
    for (const value of cells.slice(0, -1)) expect(value).toHaveClass('whitespace-nowrap');

    // Short on screen, the spec's full value for screen readers and on hover.
    const created = cells[5].querySelector('time') as HTMLElement;
    expect(created).toHaveAttribute('datetime', job.created_at);
    expect(within(created).getByText('Mar 1, 2025')).toHaveAttribute('aria-hidden', 'true');
    expect(created).toHaveTextContent('2025-03-01 10:00:00 UTC');
    await user.hover(created);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('2025-03-01 10:00:00 UTC');
    expect(cells[6]).toHaveTextContent(/^-$/);
    expect(cells[7]).toHaveTextContent(/^-$/);
  });

  it('shows the ARN on hover and focus of its copy button, which copies it', async () => {
    const job = hybridJob('h2-run');
    const { user } = await renderBrowser([job]);
    const copy = within(rowOf('h2-run')).getByRole('button', { name: 'Copy ARN' });
    act(() => copy.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(job.job_arn);
    await user.keyboard('{Enter}');
    expect(actions.onCopyArn).toHaveBeenLastCalledWith(job);
  });

  it("leads with the name the user gave a job (its Name tag), then the server's job name", async () => {
    await renderBrowser([
      hybridJob('hivqe-1740823200000-ab12', { tags: { Name: ' N2 dissociation ', Project: 'HI-VQE' } }),
      hybridJob('hivqe-1740823100000-cd34', { tags: { Name: '  ' } }),
    ]);
    const [named, unnamed] = rows();
    expect(nameOf(named)).toBe('N2 dissociation');
    expect(within(named).getAllByRole('cell')[0]).toHaveTextContent(
      /^N2 dissociationhivqe-1740823200000-ab12ARN$/,
    );
    expect(nameOf(unnamed)).toBe('hivqe-1740823100000-cd34');
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

  it('offers the actions in a menu that opens from the keyboard, Cancel Job only for QUEUED, RUNNING, STARTING and CREATED jobs', async () => {
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
      within(rowOf(`job-${status}`))
        .getByRole('button', { name: `Actions for job-${status}` })
        .focus();
      await user.keyboard('{Enter}');
      const menu = await screen.findByRole('menu');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      const active = ['QUEUED', 'RUNNING', 'STARTING', 'CREATED'].includes(status);
      expect(items, status).toEqual(
        active
          ? ['View Details', 'Monitor Job', 'Clone Job', 'Cancel Job']
          : ['View Details', 'Monitor Job', 'Clone Job'],
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    }

    const trigger = within(rowOf('job-RUNNING')).getByRole('button', { name: 'Actions for job-RUNNING' });
    for (const [position, spy] of [
      [0, actions.onDetails],
      [1, actions.onMonitor],
      [2, actions.onClone],
      [3, actions.onCancel],
    ] as const) {
      trigger.focus();
      await user.keyboard('{ArrowDown}');
      await screen.findByRole('menu');
      await user.keyboard(`${'{ArrowDown}'.repeat(position)}{Enter}`);
      expect(spy).toHaveBeenLastCalledWith(jobs[1]);
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      // Focus stays on the row's menu button, for the dialog the action opens to give it back to.
      expect(trigger).toHaveFocus();
    }
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'View Details' }));
    expect(actions.onDetails).toHaveBeenLastCalledWith(jobs[1]);
  });

  it('sorts by a header on the server: a first click in its usual direction, a second reverses, from page 1', async () => {
    const jobs = ['beta', 'Alpha', 'gamma'].map((name, index) =>
      hybridJob(name, {
        created_at: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
        // Ended after the 20 others, in the opposite order.
        ended_at: new Date(Date.UTC(2025, 5, 10 - index)).toISOString(),
      }),
    );
    const requests = mockHybridJobs([...jobs, ...manyJobs(20)]);
    const { user } = renderJobUi(
      <HybridJobsBrowser scope={SCOPE} actions={actions} onCreateFirst={vi.fn()} />,
    );
    await screen.findByRole('navigation', { name: 'Pagination' });
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Job Name')).not.toHaveAttribute('aria-sort');
    expect(within(header('Device')).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(within(header('Job Name')).getByRole('button', { name: /Job Name/ }));
    await waitFor(() => expect(rows().map(nameOf).slice(0, 3)).toEqual(['Alpha', 'beta', 'gamma']));
    expect(header('Job Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Created')).not.toHaveAttribute('aria-sort');
    expect(showing()).toBe('Showing 1-10 of 23 jobs (Page 1 of 3)');

    await user.click(within(header('Job Name')).getByRole('button'));
    await waitFor(() => expect(header('Job Name')).toHaveAttribute('aria-sort', 'descending'));
    await user.click(within(header('Ended')).getByRole('button'));
    await waitFor(() => expect(rows().map(nameOf).slice(0, 3)).toEqual(['beta', 'Alpha', 'gamma']));
    expect(header('Ended')).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header('Created')).getByRole('button'));
    await waitFor(() => expect(header('Created')).toHaveAttribute('aria-sort', 'descending'));

    expect(requests.map((query) => [query.get('sort'), query.get('page')])).toEqual([
      [null, '1'],
      [null, '2'],
      ['job_name', '1'],
      ['-job_name', '1'],
      ['-ended_at', '1'],
      [null, '1'],
    ]);
  });

  it('searches on the server once typing pauses, from page 1, and offers to clear filters when nothing matches', async () => {
    const requests = mockHybridJobs([
      hybridJob('water-run', {
        hyperparameters: jobHyperparameters({ molecule_geometry: 'O 0 0 0;H 0.76 0.59 0;H -0.76 0.59 0' }),
      }),
      ...manyJobs(30),
    ]);
    const { user } = renderJobUi(
      <HybridJobsBrowser scope={SCOPE} actions={actions} onCreateFirst={vi.fn()} />,
    );
    await screen.findByRole('navigation', { name: 'Pagination' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(requests).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ohh');
    await waitFor(() => expect(rows().map(nameOf)).toEqual(['water-run']));
    expect(showing()).toBe('Showing 1-1 of 1 jobs (Page 1 of 1)');
    // One request for the whole word, not one per keystroke.
    expect(requests.slice(2).map((query) => [query.get('q'), query.get('page')])).toEqual([['ohh', '1']]);

    await user.selectOptions(screen.getByLabelText('Status'), 'FAILED');
    expect(await screen.findByText('No jobs match the search and filters')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(requests.at(-1)?.get('q')).toBe('ohh');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(showing()).toBe('Showing 1-10 of 31 jobs (Page 1 of 4)');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(Object.fromEntries(requests.at(-1) ?? [])).toEqual({ max_results: '10', page: '1' });
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
    // A running job pulses a dot beside its label; the label itself keeps its full contrast.
    expect(badge.querySelector('.animate-pulse') !== null).toBe(colour === 'blue-pulse');
    expect(badge.classList.contains('animate-pulse')).toBe(false);
  });
});
