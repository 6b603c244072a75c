import { JOB_PATHS } from '@hivqe/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { clearJobCaches, hybridJobsStorageKey } from '../job-caches.ts';
import {
  ACCOUNT_ID,
  CLOUD_SETTINGS,
  ROLE_ARN,
  hybridJob,
  mockHybridJobPages,
  mockHybridJobs,
  mockPriorities,
  mockSettings,
  recordCreates,
} from '../testing/job-fixtures.ts';
import { TEST_USER, renderJobUi } from '../testing/render-job-ui.tsx';
import { HybridJobsPanel } from './hybrid-jobs-panel.tsx';

const jobNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].firstChild?.textContent);

const STORAGE_KEY = hybridJobsStorageKey(TEST_USER.user_id, ROLE_ARN, ACCOUNT_ID);

describe('hybrid jobs panel', () => {
  it('loads every page while a next_token comes back and lists the jobs newest first', async () => {
    mockSettings(CLOUD_SETTINGS);
    const requests = mockHybridJobPages([
      [hybridJob('oldest', { created_at: '2025-01-01T00:00:00.000Z' })],
      [hybridJob('newest', { created_at: '2025-03-01T00:00:00.000Z' })],
      [hybridJob('middle', { created_at: '2025-02-01T00:00:00.000Z' })],
    ]);
    renderJobUi(<HybridJobsPanel />);

    expect(screen.getByRole('heading', { name: 'HI-VQE Hybrid Jobs' })).toBeInTheDocument();
    expect(screen.getByText('Create and manage hybrid quantum jobs')).toBeInTheDocument();
    expect(screen.getByText('Loading hybrid jobs...')).toBeInTheDocument();
    await screen.findByText('newest');

    expect(jobNames()).toEqual(['newest', 'middle', 'oldest']);
    expect(requests.map((query) => Object.fromEntries(query))).toEqual([
      { max_results: '100' },
      { max_results: '100', next_token: 'page-1' },
      { max_results: '100', next_token: 'page-2' },
    ]);
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

  it('keeps the list in local storage for 30 minutes under the user, role and account', async () => {
    mockSettings(CLOUD_SETTINGS);
    const requests = mockHybridJobs([hybridJob('stored')]);
    const first = renderJobUi(<HybridJobsPanel />);
    await screen.findByText('stored');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').jobs).toHaveLength(1);
    first.unmount();

    // A reload: a new in-memory cache, the list shown from storage without asking the server.
    renderJobUi(<HybridJobsPanel />);
    expect(await screen.findByText('stored')).toBeInTheDocument();
    expect(requests).toHaveLength(1);

    clearJobCaches();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('asks the server again once the stored list is older than 30 minutes', async () => {
    mockSettings(CLOUD_SETTINGS);
    const requests = mockHybridJobs([hybridJob('fresh')]);
    const stale = { savedAt: Date.now() - 31 * 60 * 1000, jobs: [hybridJob('stale')] };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stale));
    renderJobUi(<HybridJobsPanel />);
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    expect(screen.queryByText('stale')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});
