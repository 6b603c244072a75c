import { JOB_PATHS } from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import {
  CLOUD_SETTINGS,
  hybridJob,
  IQM_KEY_TAIL,
  IQM_SETTINGS,
  iqmJob,
  mockIqmJobPages,
  mockPriorities,
  mockSettings,
  recordCreates,
} from '../../jobs/testing/job-fixtures.ts';
import { renderJobUi } from '../../jobs/testing/render-job-ui.tsx';
import { jobResult } from '../../jobs/testing/result-fixtures.ts';
import { IqmJobsPanel } from './iqm-jobs-panel.tsx';

const cardNames = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('button')[0].firstElementChild?.firstElementChild?.textContent);

describe('IQM panel', () => {
  it('asks for an API key when none is set, and lists nothing', async () => {
    mockSettings(CLOUD_SETTINGS);
    renderJobUi(<IqmJobsPanel />);
    expect(screen.getByRole('heading', { level: 1, name: 'IQM Resonance' })).toBeInTheDocument();
    expect(screen.getByText('Create and manage IQM quantum jobs')).toBeInTheDocument();

    expect(await screen.findByText('IQM API Configuration Required')).toBeInTheDocument();
    expect(
      screen.getByText(/Please go to the Account page and set up your IQM API key\.$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'IQM API configuration not found. Please configure your IQM API key first.',
    );
    expect(screen.getByRole('button', { name: 'Create Job' })).toBeDisabled();
  });

  it('shows the jobs as cards and loads 10 more while a next_token comes back', async () => {
    mockSettings(IQM_SETTINGS);
    const requests = mockIqmJobPages([
      [iqmJob('iqm-first', { status: 'RUNNING', ended_at: null }), iqmJob('iqm-second', { device: null })],
      [iqmJob('iqm-third', { status: 'PENDING' })],
    ]);
    const { user, queryClient } = renderJobUi(<IqmJobsPanel />);
    expect(screen.getByText('Loading IQM jobs...')).toBeInTheDocument();

    const first = (await screen.findByText('iqm-first')).closest('button') as HTMLElement;
    expect(first).toHaveTextContent('Created: 2025-03-01 10:00:00 UTC');
    expect(first).toHaveTextContent('Started: 2025-03-01 10:01:00 UTC');
    expect(first).toHaveTextContent('Ended: -');
    expect(first).toHaveTextContent('Device: Garnet');
    expect(first).toHaveTextContent(`Job ARN: arn:iqm:resonance:eu-west-1:123456789012:job/iqm-first`);
    expect(within(first).getByText('RUNNING')).toHaveAttribute('data-colour', 'blue-pulse');
    expect(screen.getByText('iqm-second').closest('button')).toHaveTextContent('Device: IQM Resonance');

    await user.click(screen.getByRole('button', { name: 'Load More Jobs' }));
    expect(await screen.findByText('iqm-third')).toBeInTheDocument();
    expect(cardNames()).toEqual(['iqm-first', 'iqm-second', 'iqm-third']);
    expect(screen.getByText('PENDING')).toHaveAttribute('data-colour', 'yellow');
    expect(screen.queryByRole('button', { name: 'Load More Jobs' })).not.toBeInTheDocument();
    expect(requests.map((query) => Object.fromEntries(query))).toEqual([
      { max_results: '10' },
      { max_results: '10', next_token: 'page-1' },
    ]);
    // The cache is keyed by the key's last 10 characters, never by a whole key.
    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(keys).toContainEqual(['jobs', 'iqm', 'list', 'ada@example.com', IQM_KEY_TAIL]);
  });

  it("says 'No IQM jobs found' for an empty list", async () => {
    mockSettings(IQM_SETTINGS);
    mockIqmJobPages([[]]);
    renderJobUi(<IqmJobsPanel />);
    expect(await screen.findByText('No IQM jobs found')).toBeInTheDocument();
  });

  it("says 'Failed to load IQM jobs' when the list cannot be loaded", async () => {
    mockSettings(IQM_SETTINGS);
    server.use(
      http.get(apiPath(JOB_PATHS.iqmJobs), () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    renderJobUi(<IqmJobsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load IQM jobs');
  });

  it("opens 'IQM Job Details' from a card, with the job fetched by its id", async () => {
    mockSettings(IQM_SETTINGS);
    const job = iqmJob('iqm-detailed');
    mockIqmJobPages([[job]]);
    server.use(
      http.get(apiPath('/hi-vqe/iqm-jobs/:id'), ({ params }) =>
        params.id === 'iqm-detailed'
          ? HttpResponse.json({ ...job, status: 'FAILED', tags: { Provider: 'IQM', Team: 'chem' } })
          : HttpResponse.json({ message: 'not found' }, { status: 404 }),
      ),
      http.get(apiPath(JOB_PATHS.iqmJobResult('iqm-detailed')), () =>
        HttpResponse.json({ ...jobResult(hybridJob('iqm-detailed')), job_arn: job.job_arn, backend: 'iqm' }),
      ),
    );
    const { user } = renderJobUi(<IqmJobsPanel />);
    await user.click(await screen.findByRole('button', { name: /iqm-detailed/ }));

    const dialog = screen.getByRole('dialog', { name: 'IQM Job Details' });
    expect(await within(dialog).findByText('FAILED')).toBeInTheDocument();
    const value = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Job ARN')).toHaveTextContent(job.job_arn);
    expect(value('Device')).toHaveTextContent('Garnet');
    expect(value('Ended At')).toHaveTextContent('2025-03-01 10:20:00 UTC');
    const json = (title: string) =>
      JSON.parse(
        within(dialog).getByRole('heading', { name: title }).nextElementSibling?.textContent ?? 'null',
      );
    expect(json('Hyperparameters')).toEqual(job.hyperparameters);
    expect(json('Output Data Config')).toEqual({ s3Path: `s3://iqm-resonance-${IQM_KEY_TAIL}/jobs` });
    expect(json('Tags')).toEqual({ Provider: 'IQM', Team: 'chem' });
  });

  it("creates with the wizard, says 'IQM job created successfully!' and reloads the list", async () => {
    mockSettings(IQM_SETTINGS);
    mockPriorities();
    const requests = mockIqmJobPages([[iqmJob('iqm-old')]]);
    const bodies = recordCreates(JOB_PATHS.iqmJobs);
    const { user } = renderJobUi(<IqmJobsPanel />);
    await screen.findByText('iqm-old');

    await user.click(screen.getByRole('button', { name: 'Create Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Create IQM Job' });
    await within(dialog).findByRole('button', { name: /Quantum Lab/ });
    for (let step = 0; step < 4; step += 1)
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create IQM Job' }));

    expect(await screen.findByText('IQM job created successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it("opens the single-page 'Create IQM Resonance Job' form from the empty list", async () => {
    mockSettings(IQM_SETTINGS);
    mockPriorities();
    mockIqmJobPages([[]]);
    const bodies = recordCreates(JOB_PATHS.iqmJobs);
    const { user } = renderJobUi(<IqmJobsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Create Your First Job' }));

    const dialog = screen.getByRole('dialog', { name: 'Create IQM Resonance Job' });
    await within(dialog).findByRole('button', { name: /Quantum Lab/ });
    const device = within(dialog).getByLabelText('Quantum Device');
    expect(device).toHaveValue('iqm_resonance');
    expect(
      within(device)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['IQM Resonance (any device)', 'Emerald', 'Garnet', 'Sirius']);
    expect(within(dialog).getByLabelText('API Key')).toHaveValue(`***${IQM_KEY_TAIL}`);

    await user.click(within(dialog).getByRole('button', { name: 'Create IQM Job' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([expect.objectContaining({ device: 'iqm_resonance' })]);
  });
});
