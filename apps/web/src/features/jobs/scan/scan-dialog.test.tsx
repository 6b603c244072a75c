import {
  JOB_PATHS,
  SCAN_MESSAGES,
  defaultCloudJobForm,
  type HybridJob,
  type JobForm,
  type JobStatus,
  type MoleculeResult,
  type ScanJob,
  type ScanResponse,
} from '@hivqe/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { apiPath, server } from '../../../test/server.ts';
import type { HybridJobActions } from '../components/hybrid-job-actions-menu.tsx';
import { HybridJobRow } from '../components/hybrid-job-row.tsx';
import { hybridJob, hybridJobDetail, mockHybridJobDetail } from '../testing/job-fixtures.ts';
import { renderJobUi } from '../testing/render-job-ui.tsx';
import { ScanDialog } from './scan-dialog.tsx';

const SCAN_ID = '2f7c1f4e-9a51-4d8e-b1c0-3e5a7d9b1c22';
const SCAN_NAME = 'hivqe-1740823200000-ab12';

/**
 * LiH in STO-3G at one bond length, as the engine finishes it: final, RHF and CASCI energies. A running job's
 * computation has told its RHF energy already.
 */
const ENERGIES: Record<string, { final: number; rhf: number; casci: number }> = {
  '1.4': { final: -7.84, rhf: -7.82, casci: -7.8401 },
  '1.6': { final: -7.882, rhf: -7.862, casci: -7.8823 },
  '1.8': { final: -7.87, rhf: -7.846, casci: -7.8702 },
};

function molecule(bond: string, status: JobStatus): MoleculeResult {
  const energies = ENERGIES[bond];
  const finished = status === 'COMPLETED';
  return {
    geometry_tag: bond,
    molecule_geometry: `Li 0 0 0;H 0 0 ${bond}`,
    specification: null,
    energies: finished ? { ...energies, nuclear_repulsion: 1, casci: energies.casci } : null,
    rhf_energy: finished || status === 'RUNNING' ? energies.rhf : null,
    reference: finished ? { energy: energies.casci, source: 'casci' } : null,
    reference_skip_reason: null,
    perturbative_estimate: null,
    error_mha: finished ? (energies.final - energies.casci) * 1000 : null,
    within_chemical_accuracy: finished ? true : null,
    subspace_size: finished ? 100 : null,
    full_space_size: finished ? 225 : null,
    subspace_fraction: finished ? 100 / 225 : null,
    string_sources: null,
    iterations: finished ? 3 : null,
    engine_seconds: finished ? 1 : null,
    reference_seconds: finished ? 0.2 : null,
    cpu_seconds: finished ? 1 : null,
    leading_determinants: null,
  };
}

const scanJob = (bond: string, status: JobStatus): ScanJob => ({
  job_arn: `arn:aws:braket:us-east-1:123456789012:job/${SCAN_NAME}-${bond.replace('.', 'p')}`,
  job_name: `${SCAN_NAME}-${bond.replace('.', 'p')}`,
  status,
  failure_reason: null,
  bond_length: Number(bond),
  result: molecule(bond, status),
});

const scan = (statuses: [JobStatus, JobStatus, JobStatus]): ScanResponse => ({
  scan_id: SCAN_ID,
  scan_name: SCAN_NAME,
  created_at: '2025-03-01T10:00:00.000Z',
  jobs: (['1.4', '1.6', '1.8'] as const).map((bond, index) => scanJob(bond, statuses[index])),
});

/** The server's side of the scan: its answer can change mid-test, and the calls are counted. */
function mockScan(initial: ScanResponse | { status: number; message: string }) {
  const state = {
    answer: initial,
    reads: 0,
    cancels: 0,
    cancelAnswer: null as null | { status: number; body: unknown },
  };
  server.use(
    http.get(apiPath(JOB_PATHS.hybridJobScan), ({ request }) => {
      state.reads += 1;
      expect(new URL(request.url).searchParams.get('scan_id')).toBe(SCAN_ID);
      const { answer } = state;
      return 'jobs' in answer
        ? HttpResponse.json(answer)
        : HttpResponse.json({ message: answer.message }, { status: answer.status });
    }),
    http.post(apiPath(JOB_PATHS.hybridJobScanCancel), () => {
      state.cancels += 1;
      const reply = state.cancelAnswer ?? { status: 200, body: { scan_id: SCAN_ID, jobs: [] } };
      return HttpResponse.json(reply.body as object, { status: reply.status });
    }),
  );
  return state;
}

const renderScan = (onCloned = vi.fn()) =>
  renderJobUi(
    <ScanDialog
      scanId={SCAN_ID}
      baseForm={() => defaultCloudJobForm({})}
      onCloned={onCloned}
      onClose={vi.fn()}
    />,
  );

const tick = () => act(async () => void vi.advanceTimersByTime(5000));
const lines = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent);
const dots = (dialog: HTMLElement) => dialog.querySelectorAll('.recharts-line-dots circle').length;
const rowTexts = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Jobs of the scan' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('scan view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });

  it('fills in the potential-energy curve as the jobs finish, and stops asking once all have', async () => {
    const state = mockScan(scan(['COMPLETED', 'RUNNING', 'QUEUED']));
    renderScan();
    const dialog = await screen.findByRole('dialog', { name: `Scan - ${SCAN_NAME}` });
    expect(await within(dialog).findByText('1 of 3 bond lengths finished')).toBeInTheDocument();
    expect(lines(dialog)).toEqual(['HI-VQE energy (Ha)', 'RHF energy (Ha)', 'Reference energy (Ha)']);
    // One bond length drawn: one point on each of the three lines.
    expect(dots(dialog)).toBe(3);
    expect(rowTexts(dialog)[0]).toContain('-7.84000000 Ha');
    expect(rowTexts(dialog)[1]).toContain('RUNNING');
    // A running job's row has its RHF energy, not yet its final one.
    expect(rowTexts(dialog)[1]).toContain('-7.86200000 Ha');
    expect(rowTexts(dialog)[1]).not.toContain('-7.88200000 Ha');

    state.answer = scan(['COMPLETED', 'COMPLETED', 'RUNNING']);
    await tick();
    expect(await within(dialog).findByText('2 of 3 bond lengths finished')).toBeInTheDocument();
    expect(dots(dialog)).toBe(6);

    state.answer = scan(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    await tick();
    expect(await within(dialog).findByText('3 of 3 bond lengths finished')).toBeInTheDocument();
    expect(dots(dialog)).toBe(9);
    expect(rowTexts(dialog).map((row) => row.slice(0, 3))).toEqual(['1.4', '1.6', '1.8']);
    expect(rowTexts(dialog)[1]).toContain('-7.88200000 Ha');
    expect(rowTexts(dialog)[1]).toContain('-7.86200000 Ha');
    expect(rowTexts(dialog)[1]).toContain('-7.88230000 Ha');
    // Nothing is active: no Cancel Scan, and no more polling.
    expect(within(dialog).queryByRole('button', { name: 'Cancel Scan' })).toBeNull();
    const reads = state.reads;
    await tick();
    await tick();
    expect(state.reads).toBe(reads);
    // Three polls and a chart drawn four times: slower than the default 5 s on a busy machine.
  }, 20_000);

  it('says the curve is still empty while no job has finished', async () => {
    mockScan(scan(['QUEUED', 'QUEUED', 'QUEUED']));
    renderScan();
    expect(await screen.findByText('0 of 3 bond lengths finished')).toBeInTheDocument();
    expect(screen.getByText('No energies yet: the curve fills in as the jobs finish.')).toBeInTheDocument();
  });

  it('cancels the scan after asking, and shows the server’s refusal', async () => {
    const state = mockScan(scan(['COMPLETED', 'RUNNING', 'QUEUED']));
    const { user } = renderScan();
    await user.click(await screen.findByRole('button', { name: 'Cancel Scan' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Scan' });
    expect(confirm).toHaveTextContent('Cancel the 2 queued or running jobs of the scan');
    state.cancelAnswer = { status: 409, body: { message: SCAN_MESSAGES.nothingToCancel } };
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Scan' }));
    expect(await within(confirm).findByText(SCAN_MESSAGES.nothingToCancel)).toBeInTheDocument();
    expect(state.cancels).toBe(1);

    state.cancelAnswer = null;
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Scan' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel Scan' })).toBeNull());
    expect(state.cancels).toBe(2);
  });

  it('clones the scan into a form holding every bond length', async () => {
    mockScan(scan(['COMPLETED', 'COMPLETED', 'FAILED']));
    const first = hybridJob('first', { job_arn: scanJob('1.4', 'COMPLETED').job_arn });
    mockHybridJobDetail(hybridJobDetail(first));
    const onCloned = vi.fn<(form: JobForm) => void>();
    const { user } = renderScan(onCloned);
    await user.click(await screen.findByRole('button', { name: 'Clone Scan' }));
    await waitFor(() => expect(onCloned).toHaveBeenCalledTimes(1));
    const form = onCloned.mock.calls[0][0];
    expect(form.molecules).toEqual({
      '1.4': 'Li 0 0 0;H 0 0 1.4',
      '1.6': 'Li 0 0 0;H 0 0 1.6',
      '1.8': 'Li 0 0 0;H 0 0 1.8',
    });
    // The references were the engine's CASCI, not the user's: no exact energies are carried over.
    expect(form.exactEnergies).toEqual({});
    expect(form.device).toBe(first.device);
  });

  it('shows the server’s message when the scan cannot be read', async () => {
    mockScan({ status: 404, message: SCAN_MESSAGES.notFound });
    renderScan();
    expect(await screen.findByText(SCAN_MESSAGES.notFound)).toBeInTheDocument();
  });
});

describe('a scan job in the jobs table', () => {
  it('links to its scan; a job alone has no link', async () => {
    const actions: HybridJobActions = {
      onDetails: vi.fn(),
      onMonitor: vi.fn(),
      onClone: vi.fn(),
      onCancel: vi.fn(),
      onCopyArn: vi.fn(),
      onScan: vi.fn(),
    };
    const row = (job: HybridJob) => (
      <TooltipProvider>
        <table>
          <tbody>
            <HybridJobRow job={job} actions={actions} />
          </tbody>
        </table>
      </TooltipProvider>
    );
    const scanned = hybridJob('in-scan', { scan: { scan_id: SCAN_ID, scan_name: SCAN_NAME } });
    const { user, rerender } = renderJobUi(row(scanned));
    await user.click(screen.getByRole('button', { name: `View scan ${SCAN_NAME}` }));
    expect(actions.onScan).toHaveBeenCalledWith(SCAN_ID);
    rerender(row(hybridJob('alone', { scan: null })));
    expect(screen.queryByRole('button', { name: /View scan/ })).toBeNull();
  });
});
