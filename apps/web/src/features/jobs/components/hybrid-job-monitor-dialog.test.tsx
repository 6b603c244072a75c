import { ANKAA_3, JOB_PATHS, type EnergyDataPoint, type HybridJob } from '@hivqe/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { hybridJob } from '../testing/job-fixtures.ts';
import { FINISHED_MOLECULE, jobResult } from '../testing/result-fixtures.ts';
import { renderJobUi } from '../testing/render-job-ui.tsx';
import { HybridJobMonitorDialog } from './hybrid-job-monitor-dialog.tsx';

const point = (energy: number, error: number): EnergyDataPoint => ({
  costFunctionCall: 2,
  energy,
  error,
  numStates: 100,
  timestamp: '2025-03-01T10:05:00.000Z',
});

/** The server's side of a run: the job, its energy points and its logs, each changeable mid-test. */
function mockRun(job: HybridJob) {
  const run = {
    job,
    points: [] as EnergyDataPoint[],
    logs: {
      logs: [] as { message: string }[],
      log_stream_name: 'hivqe/stream-1',
      success: true,
      message: 'ok',
    },
    logsStatus: 200,
    metricsDelay: 0,
    calls: { job: 0, metrics: 0, logs: 0, forceRefresh: [] as (string | null)[] },
  };
  server.use(
    http.get(apiPath(JOB_PATHS.hybridJob), ({ request }) => {
      run.calls.job += 1;
      run.calls.forceRefresh.push(request.headers.get('X-Force-Refresh'));
      return HttpResponse.json(run.job);
    }),
    http.get(apiPath(JOB_PATHS.hybridJobMetrics), async () => {
      run.calls.metrics += 1;
      const points = run.points;
      await delay(run.metricsDelay);
      return HttpResponse.json({ job_arn: job.job_arn, points });
    }),
    http.get(apiPath(JOB_PATHS.hybridJobResult), () => HttpResponse.json(jobResult(run.job))),
    http.get(apiPath(JOB_PATHS.hybridJobLogs), () => {
      run.calls.logs += 1;
      return run.logsStatus === 200
        ? HttpResponse.json(run.logs)
        : HttpResponse.json({ message: 'x' }, { status: run.logsStatus });
    }),
  );
  return run;
}

const tick = () => act(async () => void vi.advanceTimersByTime(5000));

// The first test also loads the chart module (lazy), which takes seconds on a loaded machine.
describe('job monitor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });

  it('shows the header, the failure reason and the energy convergence of the job', async () => {
    const job = hybridJob('failed-run', {
      status: 'FAILED',
      failure_reason: 'Out of memory',
      ended_at: '2025-03-01T10:30:00.000Z',
    });
    const run = mockRun(job);
    run.points = [point(-108.5, 0.4), point(-108.8, 0.1), point(-108.87654321, 0.0234567)];
    renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);

    const dialog = screen.getByRole('dialog', { name: 'Job Monitor - failed-run' });
    expect(within(dialog).getByText('FAILED')).toBeInTheDocument();
    expect(within(dialog).getByText('sv1')).toBeInTheDocument();
    expect(within(dialog).getByText('2025-03-01 10:30:00 UTC')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failure ReasonOut of memory');

    expect(
      await within(dialog).findByText('Latest energy: -108.876543 Ha (Step 3), error +23.457 mHa'),
    ).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Energy data points' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Step 1-108.500000-108.900000+400.000 mHa100',
      'Step 2-108.800000-108.900000+100.000 mHa100',
      'Step 3-108.876543-108.900000+23.457 mHa100',
    ]);
    expect(dialog.querySelector('.recharts-wrapper')).not.toBeNull();
  });

  it('names the back end beside the device, and a QPU the local engine stood in for', async () => {
    const job = hybridJob('qpu-run', { device: ANKAA_3.arn, backend: 'local', simulated_locally: true });
    mockRun(job);
    renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Job Monitor - qpu-run' });
    const valueOf = (label: string) =>
      within(dialog).getAllByText(label, { selector: 'dt' })[0].nextElementSibling?.textContent;
    expect(valueOf('Device')).toBe('Ankaa-3');
    expect(valueOf('Back End')).toBe('Local engine (simulated locally)');
  });

  it('draws the engine’s CASCI as the reference line when the job has no exact energy', async () => {
    const job = hybridJob('casci-reference');
    expect(job.hyperparameters).not.toHaveProperty('exact_energy');
    const run = mockRun(job);
    run.points = [point(-108.5, 0.4), point(-108.8, 0.1)];
    renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Job Monitor - casci-reference' });
    const series = await within(dialog).findByRole('list', { name: 'Chart series' });
    expect(within(series).getByText('Exact Energy (Ha)')).toBeInTheDocument();
    expect(within(series).getByText('Error (mHa)')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table', { name: 'Energy data points' })).getAllByRole(
      'row',
    );
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual([
      '-108.900000',
      '-108.900000',
    ]);
  });

  it('draws the run live: job and points every 5 seconds until the job ends', async () => {
    const job = hybridJob('live', { status: 'RUNNING', ended_at: null });
    const run = mockRun(job);
    run.points = [point(-108.5, 0.4)];
    renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    expect(await screen.findByText(/Latest energy: -108\.500000 Ha \(Step 1\)/)).toBeInTheDocument();
    expect(run.calls.forceRefresh[0]).toBe('true');

    run.points = [point(-108.5, 0.4), point(-108.8, 0.1)];
    await tick();
    expect(await screen.findByText(/Latest energy: -108\.800000 Ha \(Step 2\)/)).toBeInTheDocument();

    run.job = { ...job, status: 'COMPLETED', ended_at: '2025-03-01T11:00:00.000Z' };
    run.points = [...run.points, point(-108.9, 0)];
    await tick();
    expect(await screen.findByText('COMPLETED')).toBeInTheDocument();
    expect(await screen.findByText(/Latest energy: -108\.900000 Ha \(Step 3\)/)).toBeInTheDocument();
    const calls = { ...run.calls };

    await tick();
    await tick();
    expect(run.calls.metrics).toBe(calls.metrics);
    expect(run.calls.job).toBe(calls.job);
  });

  it('fetches the points once more when it learns the job has ended', async () => {
    const job = hybridJob('ending', { status: 'RUNNING', ended_at: null });
    const run = mockRun(job);
    // The first points are read just before the job ends, and answered after the job's new status.
    run.job = { ...job, status: 'COMPLETED' };
    run.points = [point(-108.5, 0.4)];
    run.metricsDelay = 100;
    renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    run.points = [point(-108.5, 0.4), point(-108.9, 0)];
    run.metricsDelay = 0;

    expect(await screen.findByText(/Latest energy: -108\.900000 Ha \(Step 2\)/)).toBeInTheDocument();
    expect(run.calls.metrics).toBe(2);
    await tick();
    expect(run.calls.metrics).toBe(2);
  });

  it('asks for the result again every 5 seconds until the running molecule’s RHF energy is in', async () => {
    const job = hybridJob('rhf', { status: 'RUNNING', ended_at: null });
    const run = mockRun(job);
    let rhf: number | null = null;
    let resultCalls = 0;
    server.use(
      http.get(apiPath(JOB_PATHS.hybridJobResult), () => {
        resultCalls += 1;
        return HttpResponse.json(
          jobResult(run.job, { molecules: [{ ...FINISHED_MOLECULE, energies: null, rhf_energy: rhf }] }),
        );
      }),
    );
    renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const card = await screen.findByRole('region', { name: 'Result' });
    await waitFor(() => expect(within(card).getAllByText('not known yet').length).toBeGreaterThan(0));
    const before = resultCalls;

    await tick();
    await waitFor(() => expect(resultCalls).toBe(before + 1));

    rhf = -1.116759;
    await tick();
    expect(await within(card).findByText('-1.11675900 Ha')).toBeInTheDocument();

    const known = resultCalls;
    await tick();
    await tick();
    expect(resultCalls).toBe(known);
  });

  it('counts the log events once they are read, reads them afresh on opening, and polls while open', async () => {
    const job = hybridJob('logged', { status: 'RUNNING', ended_at: null });
    const run = mockRun(job);
    run.logs.logs = [{ message: 'Iteration 1: E = -108.5' }, { message: 'Iteration 2: E = -108.8' }];
    const { user } = renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: /Logs/ });
    // No count before the logs are read: never a "0 events" that is not one.
    expect(toggle).toHaveAccessibleName('Logs');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(toggle).toHaveTextContent('Logs (2 events)'));
    expect(run.calls.logs).toBe(1);
    // Closed, the drawer does not poll.
    await tick();
    expect(run.calls.logs).toBe(1);

    run.logs.logs = [...run.logs.logs, { message: 'Iteration 3: E = -108.9' }];
    await user.click(toggle);
    expect(await screen.findByText('Iteration 3: E = -108.9')).toBeInTheDocument();
    expect(toggle).toHaveTextContent('Logs (3 events)');
    expect(screen.getByText('Log Stream: hivqe/stream-1')).toBeInTheDocument();
    expect(run.calls.logs).toBe(2);

    run.logs.logs = [...run.logs.logs, { message: 'Iteration 4: E = -109.0' }];
    await tick();
    expect(await screen.findByText('Iteration 4: E = -109.0')).toBeInTheDocument();
    expect(run.calls.logs).toBe(3);

    await user.click(toggle);
    expect(screen.queryByText('Iteration 4: E = -109.0')).not.toBeInTheDocument();
    await tick();
    await tick();
    expect(run.calls.logs).toBe(3);
  });

  it('follows new log lines to the end until the reader scrolls up, and scrolls by keyboard', async () => {
    // jsdom lays nothing out: each line is 20 px of a list that shows 100.
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.childElementCount * 20;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
    const job = hybridJob('following', { status: 'RUNNING', ended_at: null });
    const run = mockRun(job);
    run.logs.logs = Array.from({ length: 10 }, (_, i) => ({ message: `line ${i + 1}` }));
    const { user } = renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: /Logs/ });
    await waitFor(() => expect(toggle).toHaveAccessibleName('Logs (10 events)'));
    await user.click(toggle);
    const list = await screen.findByRole('list', { name: 'Log messages' });
    expect(list.scrollTop).toBe(200);
    expect(list).toHaveAttribute('tabindex', '0');

    run.logs.logs = [...run.logs.logs, { message: 'line 11' }];
    await tick();
    await screen.findByText('line 11');
    expect(list.scrollTop).toBe(220);

    // The reader scrolls up to read: new lines no longer move the list.
    list.scrollTop = 40;
    list.dispatchEvent(new Event('scroll'));
    run.logs.logs = [...run.logs.logs, { message: 'line 12' }];
    await tick();
    await screen.findByText('line 12');
    expect(list.scrollTop).toBe(40);

    // Back at the end, it follows again.
    list.scrollTop = 140;
    list.dispatchEvent(new Event('scroll'));
    run.logs.logs = [...run.logs.logs, { message: 'line 13' }];
    await tick();
    await screen.findByText('line 13');
    expect(list.scrollTop).toBe(260);
  });

  it('reads the logs again once the job finishes, so the count and the drawer hold its last lines', async () => {
    const job = hybridJob('finishing', { status: 'RUNNING', ended_at: null });
    const run = mockRun(job);
    run.logs.logs = [{ message: 'Iteration 1: E = -108.5' }];
    const { user } = renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: /Logs/ });
    await waitFor(() => expect(toggle).toHaveAccessibleName('Logs (1 events)'));

    run.logs.logs = [...run.logs.logs, { message: 'Metrics - energy: -108.9' }];
    run.job = { ...job, status: 'COMPLETED', ended_at: '2025-03-01T11:00:00.000Z' };
    await tick();
    await waitFor(() => expect(toggle).toHaveAccessibleName('Logs (2 events)'));
    expect(run.calls.logs).toBe(2);
    await user.click(toggle);
    expect(await screen.findByText('Metrics - energy: -108.9')).toBeInTheDocument();
    await tick();
    expect(run.calls.logs).toBe(2);
  });

  it('loads the logs of a finished job once, without polling', async () => {
    const job = hybridJob('done', { status: 'COMPLETED' });
    const run = mockRun(job);
    const { user } = renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: /Logs/ });
    await waitFor(() => expect(toggle).toHaveTextContent('Logs (0 events)'));
    await user.click(toggle);
    expect(await screen.findByText('No logs available')).toBeInTheDocument();
    await tick();
    await tick();
    expect(run.calls.logs).toBe(1);
  });

  it("says 'Failed to load logs' when the logs cannot be read", async () => {
    const job = hybridJob('no-logs', { status: 'COMPLETED' });
    const run = mockRun(job);
    run.logsStatus = 500;
    const { user } = renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: /Logs/ });
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load logs');
    expect(toggle).toHaveAccessibleName('Logs');
  });
});

describe('job monitor layout', () => {
  it('puts one molecule’s result beside the chart, and a scan’s wide table above it', async () => {
    const job = hybridJob('layout');
    mockRun(job);
    const { unmount } = renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    await screen.findByText('-1.13728300 Ha');
    expect(screen.getByRole('region', { name: 'Result' }).parentElement).toHaveAttribute(
      'data-layout',
      'side-by-side',
    );
    unmount();

    server.use(
      http.get(apiPath(JOB_PATHS.hybridJobResult), () =>
        HttpResponse.json(
          jobResult(job, { molecules: [FINISHED_MOLECULE, { ...FINISHED_MOLECULE, geometry_tag: '0.80' }] }),
        ),
      ),
    );
    renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    await screen.findByRole('table', { name: 'Result per molecule' });
    expect(screen.getByRole('region', { name: 'Result' }).parentElement).toHaveAttribute(
      'data-layout',
      'stacked',
    );
  });
});

describe('job monitor before the first point', () => {
  it("says 'No energy data available' before the first point, and 'Not started' / 'Not ended'", async () => {
    const job = hybridJob('queued', { status: 'QUEUED', started_at: null, ended_at: null });
    const run = mockRun(job);
    renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    await waitFor(() => expect(run.calls.metrics).toBe(1));
    expect(await screen.findByText('No energy data available')).toBeInTheDocument();
    expect(screen.getByText('Not started')).toBeInTheDocument();
    expect(screen.getByText('Not ended')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('job monitor and the keyboard', () => {
  it('opens with focus on its title at the top, and Tab goes on to the first control below it', async () => {
    const job = hybridJob('focused', { status: 'COMPLETED', ended_at: '2025-03-01T10:30:00.000Z' });
    mockRun(job);
    const { user } = renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Job Monitor - focused' });
    const title = within(dialog).getByRole('heading', { name: 'Job Monitor - focused' });
    await waitFor(() => expect(title).toHaveFocus());
    // Everything has loaded: focus stays at the top rather than moving to a control that appeared meanwhile.
    await screen.findByRole('button', { name: /Logs/ });
    expect(title).toHaveFocus();

    await user.tab();
    const controls = dialog.querySelectorAll<HTMLElement>('button, a[href], input, select, [tabindex="0"]');
    expect(document.activeElement).toBe(controls[0]);
    expect(document.activeElement).not.toHaveAccessibleName('Close');
  });
});
