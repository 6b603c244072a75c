import { JOB_PATHS, resultJson } from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { hybridJob } from '../testing/job-fixtures.ts';
import { captureDownloads } from '../testing/capture-downloads.ts';
import { historyPoint, jobResult } from '../testing/result-fixtures.ts';
import { renderJobUi } from '../testing/render-job-ui.tsx';
import { HybridJobMonitorDialog } from './hybrid-job-monitor-dialog.tsx';
import { RESULT_DOWNLOAD_FAILED } from './job-result-download.tsx';

const job = hybridJob('h2-run');
const result = jobResult(job, {
  history: [historyPoint(1, -1.13, 0.007284), historyPoint(2, -1.137283, null)],
});

function mockServer(resultStatus = 200) {
  server.use(
    http.get(apiPath(JOB_PATHS.hybridJob), () => HttpResponse.json(job)),
    http.get(apiPath(JOB_PATHS.hybridJobMetrics), () =>
      HttpResponse.json({ job_arn: job.job_arn, points: result.history }),
    ),
    http.get(apiPath(JOB_PATHS.hybridJobLogs), () =>
      HttpResponse.json({ logs: [], log_stream_name: null, success: true, message: 'No logs available' }),
    ),
    http.get(apiPath(JOB_PATHS.hybridJobResult), ({ request }) => {
      expect(new URL(request.url).searchParams.get('job_arn')).toBe(job.job_arn);
      return resultStatus === 200
        ? HttpResponse.json(result)
        : HttpResponse.json({ message: 'Job not found' }, { status: resultStatus });
    }),
  );
}

describe('Download on the job monitor', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('saves the result document as JSON and the history as CSV', async () => {
    mockServer();
    const saved = captureDownloads();
    const { user } = renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    const download = screen.getByRole('group', { name: 'Download' });

    await user.click(within(download).getByRole('button', { name: 'Result (JSON)' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'h2-run-result.json', type: 'application/json' });
    // The bytes the API's `format=json` sends for the same answer (result-download.test.ts on the server).
    expect(await saved[0].text).toBe(resultJson(result));
    expect(JSON.parse(await saved[0].text)).toMatchObject({ kind: 'hivqe.result', units: { energy: 'Ha' } });

    await user.click(within(download).getByRole('button', { name: 'History (CSV)' }));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ name: 'h2-run-history.csv', type: 'text/csv' });
    expect((await saved[1].text).split('\r\n')).toEqual([
      'iteration,cost_function_call,energy_ha,error_mha,subspace_size,timestamp',
      '1,1,-1.13,7.284,4,2025-03-01T10:05:00.000Z',
      '2,2,-1.137283,,4,2025-03-01T10:05:00.000Z',
      '',
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says so when the result cannot be fetched, and saves nothing', async () => {
    mockServer(404);
    const saved = captureDownloads();
    const { user } = renderJobUi(<HybridJobMonitorDialog job={job} onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Result (JSON)' }));
    expect(await screen.findByText(new RegExp(`^${RESULT_DOWNLOAD_FAILED}`))).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
