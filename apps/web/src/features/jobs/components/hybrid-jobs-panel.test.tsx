import { ACTIVE_JOBS_POLL_MS, JOB_PATHS } from '@hivqe/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import {
  CLOUD_SETTINGS,
  hybridJob,
  manyJobs,
  mockHybridJobs,
  mockPriorities,
  mockSettings,
  recordCreates,
} from '../testing/job-fixtures.ts';
import { renderJobUi } from '../testing/render-job-ui.tsx';
import { HybridJobsPanel } from './hybrid-jobs-panel.tsx';

const jobNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].querySelector('span')?.textContent);

// Each test renders pages of rows, which takes seconds in jsdom on a loaded machine.
describe('hybrid jobs panel', { timeout: 20_000 }, () => {
  it('fetches only the page it shows, newest first, with the count of all jobs', async () => {
    mockSettings(CLOUD_SETTINGS);
    const requests = mockHybridJobs([
      hybridJob('oldest', { created_at: '2025-01-01T00:00:00.000Z' }),
      hybridJob('newest', { created_at: '2025-03-01T00:00:00.000Z' }),
      hybridJob('middle', { created_at: '2025-02-01T00:00:00.000Z' }),
      ...manyJobs(30).map((job) => ({ ...job, created_at: '2024-06-01T00:00:00.000Z' })),
    ]);
    renderJobUi(<HybridJobsPanel />);

    expect(screen.getByRole('heading', { level: 1, name: 'HI-VQE Hybrid Jobs' })).toBeInTheDocument();
    expect(screen.getByText('Create and manage hybrid quantum jobs')).toBeInTheDocument();
    expect(await screen.findByText('Loading hybrid jobs...')).toBeInTheDocument();
    await screen.findByText('newest');

    expect(jobNames().slice(0, 3)).toEqual(['newest', 'middle', 'oldest']);
    expect(jobNames()).toHaveLength(10);
    expect(screen.getByText('Showing 1-10 of 33 jobs (Page 1 of 4)')).toBeInTheDocument();
    expect(requests.map((query) => Object.fromEntries(query))).toEqual([{ max_results: '10', page: '1' }]);
    expect(localStorage.length).toBe(0);
  });

  it('asks the server for the filtered list from page 1 when a filter or the page size changes', async () => {
    mockSettings(CLOUD_SETTINGS);
    const requests = mockHybridJobs(manyJobs(45));
    const { user } = renderJobUi(<HybridJobsPanel />);
    await screen.findByText('job-45');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('job-25')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'COMPLETED');
    await screen.findByText('Showing 1-10 of 45 jobs (Page 1 of 5)');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11-20 of 45 jobs (Page 2 of 5)');
    await user.selectOptions(screen.getByLabelText('Per page'), '20');
    await screen.findByText('Showing 1-20 of 45 jobs (Page 1 of 3)');

    expect(requests.map((query) => Object.fromEntries(query))).toEqual([
      { max_results: '10', page: '1' },
      { max_results: '10', page: '3' },
      { max_results: '10', page: '1', status_filter: 'COMPLETED' },
      { max_results: '10', page: '2', status_filter: 'COMPLETED' },
      { max_results: '20', page: '1', status_filter: 'COMPLETED' },
    ]);
  });

  it('asks the server again on every open: no list outlives the panel that showed it', async () => {
    mockSettings(CLOUD_SETTINGS);
    const requests = mockHybridJobs([hybridJob('shown')]);
    const first = renderJobUi(<HybridJobsPanel />);
    await screen.findByText('shown');
    first.unmount();
    expect(localStorage.length).toBe(0);

    mockHybridJobs([hybridJob('shown', { status: 'COMPLETED' }), hybridJob('new')]);
    renderJobUi(<HybridJobsPanel />);
    expect(await screen.findByText('new')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('asks for the page again while a job on it is active, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockSettings(CLOUD_SETTINGS);
    const requests = mockHybridJobs([hybridJob('busy', { status: 'RUNNING' }), hybridJob('done')]);
    const { user } = renderJobUi(<HybridJobsPanel />);
    const busy = await screen.findByRole('row', { name: /busy/ });
    expect(within(busy).getAllByRole('cell')[1]).toHaveTextContent('RUNNING');

    mockHybridJobs([hybridJob('busy', { status: 'COMPLETED' }), hybridJob('done')]);
    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_JOBS_POLL_MS));
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /busy/ })).getAllByRole('cell')[1]).toHaveTextContent(
        'COMPLETED',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Actions for busy' }));
    expect(await screen.findByRole('menuitem', { name: 'Monitor Job' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Cancel Job' })).toBeNull();
    await user.keyboard('{Escape}');

    const finished = mockHybridJobs([hybridJob('busy', { status: 'COMPLETED' })]);
    await act(() => vi.advanceTimersByTimeAsync(3 * ACTIVE_JOBS_POLL_MS));
    expect(requests).toHaveLength(1);
    expect(finished).toHaveLength(0);
  });

  it('coming back to the panel shows the list as the server has it now, never the state it left', async () => {
    mockSettings(CLOUD_SETTINGS);
    mockHybridJobs([hybridJob('busy', { status: 'RUNNING' })]);
    /** The Dashboard left for another page and come back to, in one session (one query cache). */
    function Navigation() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button onClick={() => setShown(!shown)}>Dashboard</button>
          {shown && <HybridJobsPanel />}
        </>
      );
    }
    const { user, queryClient } = renderJobUi(<Navigation />);
    await screen.findByRole('row', { name: /busy/ });
    await user.click(screen.getByRole('button', { name: 'Dashboard' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // Nothing of the list is kept once off screen.
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['jobs'] })).toEqual([]));

    const requests = mockHybridJobs([hybridJob('busy', { status: 'COMPLETED' })]);
    let everRunning = false;
    const watch = new MutationObserver(() => {
      const statuses = [...document.querySelectorAll('tbody td:nth-child(2)')].map(
        (cell) => cell.textContent,
      );
      everRunning ||= statuses.includes('RUNNING');
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    await user.click(screen.getByRole('button', { name: 'Dashboard' }));
    const row = await screen.findByRole('row', { name: /busy/ });
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('COMPLETED');
    watch.disconnect();
    expect(everRunning).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it("copies a job's ARN and says so", async () => {
    mockSettings(CLOUD_SETTINGS);
    const job = hybridJob('to-copy');
    mockHybridJobs([job]);
    const { user } = renderJobUi(<HybridJobsPanel />);
    const row = await screen.findByRole('row', { name: /to-copy/ });

    await user.click(within(row).getByRole('button', { name: 'Copy ARN' }));
    expect(await screen.findByText('Job ARN copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(job.job_arn);
  });

  it.each([
    ['no settings (404)', 'missing' as const],
    ['settings without a role', { ...CLOUD_SETTINGS, role_arn: '' }],
  ])('with %s, asks for the AWS configuration and lists nothing', async (_, settings) => {
    mockSettings(settings);
    renderJobUi(<HybridJobsPanel />);
    expect(
      await screen.findByText(
        'AWS account configuration not found. Please configure your AWS account first.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create HI-VQE Job' })).toBeDisabled();
  });

  it.each([
    ['the list', CLOUD_SETTINGS],
    ['the settings', 'error' as const],
  ])("says 'Failed to load hybrid jobs' when %s cannot be loaded", async (_, settings) => {
    mockSettings(settings);
    server.use(
      http.get(apiPath(JOB_PATHS.hybridJobs), () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    renderJobUi(<HybridJobsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load hybrid jobs');
  });

  it("offers 'Create Your First Job' on an empty list, which opens the single-page form", async () => {
    mockSettings(CLOUD_SETTINGS);
    mockHybridJobs([]);
    mockPriorities();
    const { user } = renderJobUi(<HybridJobsPanel />);

    expect(await screen.findByText('No hybrid jobs found')).toBeInTheDocument();
    expect(screen.getByText('Create your first hybrid job to get started')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Your First Job' }));

    const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
    expect(within(dialog).getByRole('group', { name: 'Resource and Device' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Step 1 of 5')).not.toBeInTheDocument();
  });

  it("opens the 5-step wizard from 'Create HI-VQE Job' and shows 'Job created successfully!' after creating", async () => {
    mockSettings(CLOUD_SETTINGS);
    const requests = mockHybridJobs([hybridJob('existing')]);
    mockPriorities();
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { user } = renderJobUi(<HybridJobsPanel />);
    await screen.findByText('existing');

    await user.click(screen.getByRole('button', { name: 'Create HI-VQE Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
    expect(within(dialog).getByText('Step 1 of 5')).toBeInTheDocument();
    await within(dialog).findByRole('button', { name: /Quantum Lab/ });
    for (let step = 0; step < 4; step += 1)
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Job created successfully!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it('refreshes on demand and says so for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockSettings(CLOUD_SETTINGS);
    const requests = mockHybridJobs([hybridJob('first')]);
    const { user } = renderJobUi(<HybridJobsPanel />);
    await screen.findByText('first');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Jobs refreshed successfully')).toBeInTheDocument();
    expect(requests).toHaveLength(2);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Jobs refreshed successfully')).not.toBeInTheDocument();
  });

  it('says a refresh failed for 3 seconds and keeps the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSettings(CLOUD_SETTINGS);
    mockHybridJobs([hybridJob('kept')]);
    const { user } = renderJobUi(<HybridJobsPanel />);
    await screen.findByText('kept');
    server.use(
      http.get(apiPath(JOB_PATHS.hybridJobs), () => HttpResponse.json({ message: 'x' }, { status: 503 })),
    );

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to refresh jobs. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('kept')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Refresh failed: API Error: 503/));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Failed to refresh jobs. Please try again.')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
