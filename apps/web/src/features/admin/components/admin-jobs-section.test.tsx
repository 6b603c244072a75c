import { ADMIN_JOBS_PATH, JOB_PATHS, type AdminJob } from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ADMIN } from '../../../test/session.ts';
import { failure, recordRequests, renderSignedIn } from '../../organizations/testing/render-signed-in.tsx';
import { AdminJobsSection } from './admin-jobs-section.tsx';

const job = (name: string, overrides: Partial<AdminJob> = {}): AdminJob => ({
  job_arn: `arn:aws:braket:us-east-1:000000000000:job/${name}`,
  job_name: name,
  kind: 'hybrid',
  backend: 'local',
  status: 'RUNNING',
  owner_email: 'greedy@example.com',
  created_at: '2025-03-04T15:00:00.000Z',
  started_at: '2025-03-04T15:00:01.000Z',
  max_runtime: 3600,
  ...overrides,
});

const GREEDY = job('greedy-run');
const STOPPING = job('stopping-run', { status: 'CANCELLING', owner_email: 'bob@example.com' });

/** The unfinished jobs, GREEDY gone once a cancel has reached the server. */
function serveJobs() {
  const cancels = recordRequests('post', JOB_PATHS.hybridJobCancel, () =>
    HttpResponse.json({ job_arn: GREEDY.job_arn, status: 'CANCELLING' }),
  );
  const lists = recordRequests('get', ADMIN_JOBS_PATH, () =>
    HttpResponse.json({ jobs: cancels.length === 0 ? [GREEDY, STOPPING] : [STOPPING] }),
  );
  return { cancels, lists };
}

const row = (name: string) => within(screen.getByRole('listitem', { name }));

describe('admin: active jobs', () => {
  it('lists every user’s active jobs with owner and time limit, and cancels one after asking', async () => {
    const { cancels, lists } = serveJobs();
    const { user } = await renderSignedIn(<AdminJobsSection />, SYSTEM_ADMIN);

    await screen.findByRole('listitem', { name: 'greedy-run' });
    expect(row('greedy-run').getByText('Owner: greedy@example.com')).toBeInTheDocument();
    expect(row('greedy-run').getByText(/Time limit: 1 h/)).toBeInTheDocument();
    // A job already stopping offers no second cancel.
    expect(row('stopping-run').queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();

    await user.click(row('greedy-run').getByRole('button', { name: 'Cancel job greedy-run' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Job' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Job' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancels.map(({ url }) => url.searchParams.get('job_arn'))).toEqual([GREEDY.job_arn]);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'greedy-run' })).not.toBeInTheDocument(),
    );
    expect(lists.length).toBeGreaterThan(1);
  });

  it('keeps the dialog open with the server’s reason when the cancel is refused', async () => {
    recordRequests('get', ADMIN_JOBS_PATH, () => HttpResponse.json({ jobs: [GREEDY] }));
    const reason = 'The job is already CANCELLING; only queued or running jobs can be cancelled.';
    recordRequests('post', JOB_PATHS.hybridJobCancel, () => failure(reason, 409));
    const { user } = await renderSignedIn(<AdminJobsSection />, SYSTEM_ADMIN);

    await user.click(await screen.findByRole('button', { name: 'Cancel job greedy-run' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Job' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Job' }));
    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
  });

  it('says when no job is active', async () => {
    recordRequests('get', ADMIN_JOBS_PATH, () => HttpResponse.json({ jobs: [] }));
    await renderSignedIn(<AdminJobsSection />, SYSTEM_ADMIN);
    expect(await screen.findByText('No active jobs')).toBeInTheDocument();
  });
});
