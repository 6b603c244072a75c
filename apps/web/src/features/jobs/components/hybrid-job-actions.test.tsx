import { DM1, JOB_MESSAGES, JOB_PATHS } from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import {
  CLOUD_SETTINGS,
  hybridJob,
  hybridJobDetail,
  jobHyperparameters,
  mockHybridJobDetail,
  mockHybridJobs,
  mockPriorities,
  mockSettings,
} from '../testing/job-fixtures.ts';
import { chooseRowAction, renderJobUi } from '../testing/render-job-ui.tsx';
import { HybridJobsPanel } from './hybrid-jobs-panel.tsx';

async function renderWith(job: ReturnType<typeof hybridJob>) {
  mockSettings(CLOUD_SETTINGS);
  mockHybridJobs([job]);
  const view = renderJobUi(<HybridJobsPanel />);
  const row = (await screen.findByText(job.job_name)).closest('tr') as HTMLElement;
  return { ...view, row };
}

describe('cancel job', () => {
  it('asks first, cancels, then drops the cache and reloads the list', async () => {
    const running = hybridJob('busy', { status: 'RUNNING' });
    const { user, row } = await renderWith(running);
    const cancelled: (string | null)[] = [];
    let reloads: URLSearchParams[] = [];
    server.use(
      http.post(apiPath(JOB_PATHS.hybridJobCancel), ({ request }) => {
        cancelled.push(new URL(request.url).searchParams.get('job_arn'));
        reloads = mockHybridJobs([{ ...running, status: 'CANCELLED' }]);
        return HttpResponse.json({ job_arn: running.job_arn, status: 'CANCELLING' });
      }),
    );

    await chooseRowAction(user, row, 'Cancel Job');
    const dialog = screen.getByRole('dialog', { name: 'Cancel Job' });
    expect(dialog).toHaveTextContent('Are you sure you want to cancel the job busy? This cannot be undone.');
    expect(cancelled).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel Job' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelled).toEqual([running.job_arn]);
    const reloaded = await screen.findByRole('row', { name: /busy/ });
    await waitFor(() => expect(within(reloaded).getAllByRole('cell')[1]).toHaveTextContent('CANCELLED'));
    await user.click(within(reloaded).getByRole('button', { name: 'Actions for busy' }));
    expect(await screen.findByRole('menuitem', { name: 'View Details' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Cancel Job' })).not.toBeInTheDocument();
    expect(reloads).toHaveLength(1);
  });

  it('leaves the job alone when the user keeps it', async () => {
    const { user, row } = await renderWith(hybridJob('busy', { status: 'QUEUED' }));
    await chooseRowAction(user, row, 'Cancel Job');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a row gone stale, says how the job changed and shows its current state', async () => {
    const stale = hybridJob('ended', { status: 'RUNNING' });
    const { user, row } = await renderWith(stale);
    const notCancellable = JOB_MESSAGES.notCancellable('COMPLETED');
    server.use(
      http.post(apiPath(JOB_PATHS.hybridJobCancel), () => {
        mockHybridJobs([{ ...stale, status: 'COMPLETED' }]);
        return HttpResponse.json({ message: notCancellable }, { status: 409 });
      }),
    );
    await chooseRowAction(user, row, 'Cancel Job');
    const dialog = screen.getByRole('dialog', { name: 'Cancel Job' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Job' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(notCancellable);
    // The refusal reloaded the list: behind the dialog the row already says COMPLETED.
    const statusCell = () =>
      within(screen.getByRole('row', { name: /ended/, hidden: true })).getAllByRole('cell', {
        hidden: true,
      })[1];
    await waitFor(() => expect(statusCell()).toHaveTextContent('COMPLETED'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const menuButton = screen.getByRole('button', { name: 'Actions for ended' });
    await waitFor(() => expect(menuButton).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Monitor Job' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Cancel Job' })).not.toBeInTheDocument();
  });

  it('shows the server’s reason when the cancel is refused', async () => {
    const { user, row } = await renderWith(hybridJob('busy', { status: 'RUNNING' }));
    server.use(
      http.post(apiPath(JOB_PATHS.hybridJobCancel), () =>
        HttpResponse.json({ message: 'Job not found' }, { status: 404 }),
      ),
    );
    await chooseRowAction(user, row, 'Cancel Job');
    const dialog = screen.getByRole('dialog', { name: 'Cancel Job' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Job not found');
  });

  it("says 'Failed to cancel job' when the server cannot be reached", async () => {
    const { user, row } = await renderWith(hybridJob('busy', { status: 'RUNNING' }));
    server.use(http.post(apiPath(JOB_PATHS.hybridJobCancel), () => HttpResponse.error()));
    await chooseRowAction(user, row, 'Cancel Job');
    const dialog = screen.getByRole('dialog', { name: 'Cancel Job' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to cancel job');
  });
});

describe('clone job', () => {
  const source = hybridJob('to-clone', {
    device: DM1.arn,
    hyperparameters: jobHyperparameters({
      device_name: DM1.arn,
      aws_region: 'us-west-1',
      shots: 500,
      max_iter: 40,
      tolerance: 0.01,
      max_states: 3000,
      max_expansion_states: 200,
      basis: 'sto3g',
      ansatz: 'uccsd',
      ansatz_entanglement: 'linear',
      ansatz_reps: 3,
      active_orbitals: [0, 1, 2, 3],
      frozen_orbitals: [],
      molecule_geometry: 'H 0 0 0;H 0 0 0.735',
      geometry_tag: '0.735',
      exact_energy: -1.137,
      configuration_recovery: true,
      convergence_count: 5,
      convergence_abstol: 0.001,
      amplitude_screening_tolerance: 1e-10,
      reset_convergence_count: false,
    }),
  });

  it("opens the single-page form with the job's values", async () => {
    const { user, row } = await renderWith(source);
    mockPriorities();
    const detailRequests = mockHybridJobDetail(
      hybridJobDetail(source, {
        instance_config: { instanceType: 'ml.c5.4xlarge', volumeSizeInGb: 100, instanceCount: 1 },
      }),
    );

    await chooseRowAction(user, row, 'Clone Job');
    const dialog = await screen.findByRole('dialog', { name: 'Create HI-VQE Job' });
    expect(Object.fromEntries(detailRequests[0])).toEqual({
      job_arn: source.job_arn,
      frontend_status: 'COMPLETED',
    });

    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Region')).toHaveValue('us-west-1');
    expect(field('Quantum Device')).toHaveValue(DM1.arn);
    expect(field('Instance Type')).toHaveValue('ml.c5.4xlarge');
    expect(field('Active Orbitals')).toHaveValue('0, 1, 2, 3');
    expect(field('Frozen Orbitals')).toHaveValue('');
    expect(field('Basis')).toHaveValue('sto3g');
    expect(field('Ansatz')).toHaveValue('uccsd');
    expect(field('Entanglement')).toHaveValue('linear');
    expect(field('Repetitions')).toHaveValue(3);
    expect(field('Shots')).toHaveValue(500);
    expect(field('Max Iterations')).toHaveValue(40);
    expect(field('Tolerance')).toHaveValue(0.01);
    expect(field('Max States')).toHaveValue(3000);
    expect(field('Max Expansion States')).toHaveValue(200);
    expect(field('Configuration Recovery')).toBeChecked();
    expect(field('Reset Convergence Count')).not.toBeChecked();
    expect(field('Amplitude Screening Tolerance')).toHaveValue(1e-10);
    expect(field('Convergence Count')).toHaveValue(5);
    expect(field('Convergence Absolute Tolerance')).toHaveValue(0.001);
    const molecule = within(dialog).getByRole('group', { name: 'Molecule 1' });
    expect(within(molecule).getByLabelText('Bond Length (Å)')).toHaveValue('0.735');
    expect(within(molecule).getByLabelText('Geometry')).toHaveValue('H 0 0 0;H 0 0 0.735');
    expect(within(molecule).getByLabelText('Exact Energy (Ha)')).toHaveValue(-1.137);
    expect(within(dialog).queryByRole('group', { name: 'Molecule 2' })).not.toBeInTheDocument();
  });

  it("says 'Failed to clone job: No hyperparameters found' for a job without them", async () => {
    const { user, row } = await renderWith(source);
    mockHybridJobDetail(hybridJobDetail(source, { hyperparameters: null }));
    await chooseRowAction(user, row, 'Clone Job');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to clone job: No hyperparameters found',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to clone job' when the detail cannot be fetched", async () => {
    const { user, row } = await renderWith(source);
    mockHybridJobDetail('error');
    await chooseRowAction(user, row, 'Clone Job');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to clone job$/);
  });
});
