import { ANKAA_3 } from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_ID,
  ROLE_ARN,
  hybridJob,
  hybridJobDetail,
  mockHybridJobDetail,
} from '../testing/job-fixtures.ts';
import { renderJobUi } from '../testing/render-job-ui.tsx';
import { HybridJobDetailsDialog } from './hybrid-job-details-dialog.tsx';

const valueOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('job details', () => {
  it('shows the job, its role configuration, where it ran and its configuration', async () => {
    const job = hybridJob('detailed', {
      status: 'RUNNING',
      ended_at: null,
      tags: { Project: 'HI-VQE', Team: 'chem' },
    });
    const requests = mockHybridJobDetail(hybridJobDetail(job));
    renderJobUi(<HybridJobDetailsDialog job={job} onClose={vi.fn()} />);

    expect(screen.getByText('Loading job details...')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Job Details' });
    expect(await within(dialog).findByRole('heading', { name: 'detailed' })).toBeInTheDocument();
    expect(Object.fromEntries(requests[0])).toEqual({ job_arn: job.job_arn, frontend_status: 'RUNNING' });

    expect(within(dialog).getByText('RUNNING')).toBeInTheDocument();
    expect(valueOf('Job ARN')).toBe(job.job_arn);
    expect(valueOf('Device')).toBe(job.device);
    expect(valueOf('Back End')).toBe('Local engine');
    expect(valueOf('Created At')).toBe('2025-03-01 10:00:00 UTC');
    expect(valueOf('Started At')).toBe('2025-03-01 10:01:00 UTC');
    expect(valueOf('Ended At')).toBe('-');
    expect(within(screen.getByRole('region', { name: 'Tags' })).getByText('Team: chem')).toBeInTheDocument();
    expect(valueOf('Last Updated')).toBe('2025-03-01 10:30:00 UTC');
    expect(valueOf('Assume Role Used')).toBe('Yes');
    expect(valueOf('Role ARN')).toBe(ROLE_ARN);
    expect(valueOf('Region')).toBe('us-east-1');
    expect(valueOf('Account')).toBe(ACCOUNT_ID);

    const json = (title: string) =>
      JSON.parse(screen.getByRole('heading', { name: title }).nextElementSibling?.textContent ?? 'null');
    expect(json('Output Data Config')).toEqual({ s3Path: `s3://amazon-braket-us-east-1-${ACCOUNT_ID}/jobs` });
    expect(json('Instance Config')).toEqual({
      instanceType: 'ml.m5.24xlarge',
      volumeSizeInGb: 100,
      instanceCount: 1,
    });
    expect(json('Hyperparameters')).toEqual(job.hyperparameters);
  });

  it.each([
    [{ backend: 'local', simulated_locally: true }, 'Local engine (simulated locally)'],
    [{ backend: 'braket', simulated_locally: false }, 'Amazon Braket'],
  ] as const)('names the back end beside a QPU: %o', async (where, label) => {
    const job = hybridJob('on-a-qpu', { device: ANKAA_3.arn, ...where });
    mockHybridJobDetail(hybridJobDetail(job));
    renderJobUi(<HybridJobDetailsDialog job={job} onClose={vi.fn()} />);
    await screen.findByRole('heading', { name: 'on-a-qpu' });
    expect(valueOf('Device')).toBe(ANKAA_3.arn);
    expect(valueOf('Back End')).toBe(label);
  });

  it('says when the provider gives no hyperparameters or device', async () => {
    const job = hybridJob('bare', { device: '', tags: {} });
    mockHybridJobDetail(hybridJobDetail(job, { hyperparameters: null }));
    renderJobUi(<HybridJobDetailsDialog job={job} onClose={vi.fn()} />);

    expect(await screen.findByText('No hyperparameters available')).toBeInTheDocument();
    expect(
      screen.getByText("Amazon Braket may not expose a job's hyperparameters through its API."),
    ).toBeInTheDocument();
    expect(valueOf('Device')).toBe('No device information available');
    expect(screen.queryByRole('region', { name: 'Tags' })).not.toBeInTheDocument();
  });

  it('says in words that a job has no output location or instance, never printing null', async () => {
    const job = hybridJob('local-job');
    mockHybridJobDetail(hybridJobDetail(job, { output_data_config: null, instance_config: null }));
    renderJobUi(<HybridJobDetailsDialog job={job} onClose={vi.fn()} />);

    const output = await screen.findByRole('region', { name: 'Output Data Config' });
    expect(output).toHaveTextContent('None: the job has no S3 output location');
    expect(screen.getByRole('region', { name: 'Instance Config' })).toHaveTextContent(
      'None: the job names no instance',
    );
    expect(screen.getByRole('dialog', { name: 'Job Details' })).not.toHaveTextContent('null');
  });

  it("says 'Failed to load job details' when the detail call fails", async () => {
    mockHybridJobDetail('error');
    renderJobUi(<HybridJobDetailsDialog job={hybridJob('broken')} onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load job details');
  });
});
