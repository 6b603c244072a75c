import { JOB_PATHS, jobIdFromArn } from '@hivqe/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { captureDownloads } from '../../jobs/testing/capture-downloads.ts';
import {
  IQM_SETTINGS,
  hybridJob,
  iqmJob,
  mockIqmJobPages,
  mockSettings,
} from '../../jobs/testing/job-fixtures.ts';
import { historyPoint, jobResult } from '../../jobs/testing/result-fixtures.ts';
import { renderJobUi } from '../../jobs/testing/render-job-ui.tsx';
import { IqmJobsPanel } from './iqm-jobs-panel.tsx';

const job = iqmJob('iqm-scan', { status: 'RUNNING', ended_at: null });
const id = jobIdFromArn(job.job_arn);
const points = [historyPoint(1, -107.6, 0.05), historyPoint(2, -107.64, 0.01)];

/** The server's side of an IQM run: its job route, its result route, and the monitor's metrics and logs. */
function mockIqmRun() {
  const run = {
    job,
    failureReason: null as string | null,
    asked: { job: 0, metrics: [] as (string | null)[], logs: [] as (string | null)[], result: 0 },
  };
  server.use(
    http.get(apiPath(JOB_PATHS.iqmJob(id)), () => {
      run.asked.job += 1;
      return HttpResponse.json(run.job);
    }),
    http.get(apiPath(JOB_PATHS.iqmJobResult(id)), () => {
      run.asked.result += 1;
      return HttpResponse.json({
        ...jobResult(hybridJob('iqm-scan'), { history: points }),
        job_arn: job.job_arn,
        status: run.job.status,
        backend: 'iqm' as const,
        failure_reason: run.failureReason,
      });
    }),
    http.get(apiPath(JOB_PATHS.hybridJobMetrics), ({ request }) => {
      run.asked.metrics.push(new URL(request.url).searchParams.get('job_arn'));
      return HttpResponse.json({ job_arn: job.job_arn, points });
    }),
    http.get(apiPath(JOB_PATHS.hybridJobLogs), ({ request }) => {
      run.asked.logs.push(new URL(request.url).searchParams.get('job_arn'));
      return HttpResponse.json({
        logs: [{ message: 'Molecule 1.0: N 0 0 0;N 0 0 1.0' }],
        log_stream_name: 'iqm-scan/algo-1',
        success: true,
        message: '1 log events',
      });
    }),
  );
  return run;
}

// The panel, the lazily loaded chart and the monitor's five requests take a few seconds on a loaded machine.
describe('IQM job monitor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    mockSettings(IQM_SETTINGS);
    mockIqmJobPages([[job]]);
  });

  it('opens from a card with the cloud monitor’s result card, chart, logs and download', async () => {
    const run = mockIqmRun();
    const saved = captureDownloads();
    const { user } = renderJobUi(<IqmJobsPanel />);
    const card = (await screen.findByText('iqm-scan')).closest('li') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Monitor Job' }));

    const dialog = screen.getByRole('dialog', { name: 'Job Monitor - iqm-scan' });
    expect(within(dialog).getByText('RUNNING')).toBeInTheDocument();
    expect(within(dialog).getByText('Garnet')).toBeInTheDocument();
    expect(within(dialog).getByText('Not ended')).toBeInTheDocument();
    const result = within(dialog).getByRole('region', { name: 'Result' });
    expect(await within(result).findByText(/IQM Resonance, Garnet/)).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Latest energy: -107.640000 Ha (Step 2), error +10.000 mHa'),
    ).toBeInTheDocument();
    expect(run.asked.metrics[0]).toBe(job.job_arn);

    await user.click(within(dialog).getByRole('button', { name: /^Logs/ }));
    expect(await within(dialog).findByText('Molecule 1.0: N 0 0 0;N 0 0 1.0')).toBeInTheDocument();
    // Read when the monitor opened (for the count), and afresh when the drawer opened on the running job.
    expect(run.asked.logs).toEqual([job.job_arn, job.job_arn]);

    await user.click(within(dialog).getByRole('button', { name: 'Result (JSON)' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['iqm-scan-result.json']));
    expect(JSON.parse(await saved[0].text)).toMatchObject({ job: { arn: job.job_arn, backend: 'iqm' } });
  });

  it("says while the job waits in IQM's queue, with IQM's position where it gives one, as it polls", async () => {
    const run = mockIqmRun();
    const waitingSince = new Date(Date.now() - (4 * 60 + 5) * 1000).toISOString();
    run.job = { ...job, queue: { position: 3, waiting_since: waitingSince } };
    const { user } = renderJobUi(<IqmJobsPanel />);
    const card = (await screen.findByText('iqm-scan')).closest('li') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Monitor Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Job Monitor - iqm-scan' });
    expect(
      await within(dialog).findByText("Waiting in IQM Resonance's queue: position 3, waited 4 min"),
    ).toBeInTheDocument();

    run.job = { ...job, queue: { position: null, waiting_since: waitingSince } };
    await act(async () => void vi.advanceTimersByTime(5000));
    expect(
      await within(dialog).findByText("Waiting in IQM Resonance's queue: waited 4 min"),
    ).toBeInTheDocument();

    run.job = { ...job, queue: null };
    await act(async () => void vi.advanceTimersByTime(5000));
    await waitFor(() => expect(within(dialog).queryByText(/IQM Resonance's queue/)).not.toBeInTheDocument());
    expect(within(dialog).getByText('RUNNING')).toBeInTheDocument();
  });

  it('follows the job until it ends, then shows the failure reason its result carries', async () => {
    const run = mockIqmRun();
    const { user } = renderJobUi(<IqmJobsPanel />);
    const card = (await screen.findByText('iqm-scan')).closest('li') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Monitor Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Job Monitor - iqm-scan' });
    await within(dialog).findByText(/Latest energy/);
    expect(within(dialog).queryByText('Failure Reason')).not.toBeInTheDocument();

    run.job = { ...job, status: 'FAILED', ended_at: '2025-03-01T10:20:00.000Z' };
    run.failureReason = 'IQM job 7 failed: calibration expired';
    await act(async () => void vi.advanceTimersByTime(5000));
    expect(await within(dialog).findByText('FAILED')).toBeInTheDocument();
    expect(within(dialog).getByText('2025-03-01 10:20:00 UTC')).toBeInTheDocument();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failure ReasonIQM job 7 failed: calibration expired',
    );
    const polls = run.asked.job;
    await act(async () => void vi.advanceTimersByTime(10000));
    expect(run.asked.job).toBe(polls);
  });
});
