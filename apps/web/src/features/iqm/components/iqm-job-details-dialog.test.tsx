import { JOB_PATHS, jobIdFromArn, resultJson } from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { hybridJob, iqmJob } from '../../jobs/testing/job-fixtures.ts';
import { captureDownloads } from '../../jobs/testing/capture-downloads.ts';
import { jobResult } from '../../jobs/testing/result-fixtures.ts';
import { renderJobUi } from '../../jobs/testing/render-job-ui.tsx';
import { IqmJobDetailsDialog } from './iqm-job-details-dialog.tsx';

describe('IQM job details', () => {
  it('downloads the job’s result document from the IQM result route', async () => {
    const job = iqmJob('iqm-scan');
    const id = jobIdFromArn(job.job_arn);
    const result = { ...jobResult(hybridJob('iqm-scan')), job_arn: job.job_arn, backend: 'iqm' as const };
    const asked: string[] = [];
    server.use(
      http.get(apiPath(JOB_PATHS.iqmJob(id)), () => HttpResponse.json(job)),
      http.get(apiPath(JOB_PATHS.iqmJobResult(id)), ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json(result);
      }),
    );
    const saved = captureDownloads();

    const { user } = renderJobUi(<IqmJobDetailsDialog job={job} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'IQM Job Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Result (JSON)' }));

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['iqm-scan-result.json']));
    // Once for the result card as the dialog opens, once afresh for the file.
    expect(asked).toEqual([`/api/v1${JOB_PATHS.iqmJobResult(id)}`, `/api/v1${JOB_PATHS.iqmJobResult(id)}`]);
    expect(await saved[0].text).toBe(resultJson(result));
  });

  it('says in words that a job keeps no S3 output, never printing null', async () => {
    const job = { ...iqmJob('iqm-local'), output_data_config: null };
    const id = jobIdFromArn(job.job_arn);
    const result = { ...jobResult(hybridJob('iqm-local')), job_arn: job.job_arn, backend: 'iqm' as const };
    server.use(
      http.get(apiPath(JOB_PATHS.iqmJob(id)), () => HttpResponse.json(job)),
      http.get(apiPath(JOB_PATHS.iqmJobResult(id)), () => HttpResponse.json(result)),
    );

    renderJobUi(<IqmJobDetailsDialog job={job} onClose={vi.fn()} />);

    expect(screen.getByRole('region', { name: 'Output Data Config' })).toHaveTextContent(
      'None: the job has no S3 output location',
    );
  });
});
