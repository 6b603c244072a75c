import { JOB_PATHS, jobIdFromArn } from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { hybridJob, iqmJob } from '../../jobs/testing/job-fixtures.ts';
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
    const texts: Promise<string>[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        texts.push(blob.text());
        return 'blob:result';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });

    const { user } = renderJobUi(<IqmJobDetailsDialog job={job} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'IQM Job Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Result (JSON)' }));

    await waitFor(() => expect(names).toEqual(['iqm-scan-result.json']));
    // Once for the result card as the dialog opens, once afresh for the file.
    expect(asked).toEqual([`/api/v1${JOB_PATHS.iqmJobResult(id)}`, `/api/v1${JOB_PATHS.iqmJobResult(id)}`]);
    expect(JSON.parse(await texts[0])).toEqual(result);
  });
});
