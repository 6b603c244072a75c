import {
  ANKAA_3,
  ARIA_1,
  DEVICE_MESSAGES,
  DM1,
  JOB_NAME_MESSAGE,
  JOB_PATHS,
  PRIORITY_MESSAGES,
  SV1,
  TN1,
  EMERALD,
  GARNET,
  IDEMPOTENCY_KEY_HEADER,
  defaultCloudJobForm,
} from '@hivqe/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import {
  CLOUD_SETTINGS,
  ORG_ID,
  mockPriorities,
  organizationEntry,
  prioritiesResponse,
  recordCreates,
} from '../testing/job-fixtures.ts';
import { renderJobUi, signedOut } from '../testing/render-job-ui.tsx';
import { HybridJobCreateFormDialog } from './hybrid-job-create-form-dialog.tsx';

async function openForm({ auth = undefined as typeof signedOut | undefined } = {}) {
  mockPriorities();
  const onClose = vi.fn();
  const view = renderJobUi(
    <HybridJobCreateFormDialog initialForm={defaultCloudJobForm(CLOUD_SETTINGS)} onClose={onClose} />,
    auth ? { auth } : {},
  );
  const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
  await within(dialog).findByRole('button', { name: /Quantum Lab/ });
  const field = (label: string) => within(dialog).getByLabelText(label);
  return { ...view, dialog, onClose, field };
}

const enter = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('create job form (single page)', () => {
  it('groups its fields in the four sections and keeps the newer ranges', async () => {
    const { dialog, field } = await openForm();
    for (const section of [
      'Resource and Device',
      'Quantum Configuration',
      'Advanced Parameters',
      'Molecule Configuration',
    ]) {
      expect(within(dialog).getByRole('group', { name: section })).toBeInTheDocument();
    }
    // jobs.md 5 allows 10,000,000 of each; the server's bounds are what a real run needs (issue 24 §5).
    expect(field('Shots')).toMatchObject({ min: '1', max: '100000' });
    expect(field('Max Iterations')).toMatchObject({ min: '1', max: '1000' });
    expect(field('Max States')).toMatchObject({ min: '1', max: '10000000' });
    expect(field('Max Expansion States')).toMatchObject({ min: '1', max: '10000000' });
    expect(field('Convergence Count')).toMatchObject({ min: '1', max: '100' });
    expect(field('Repetitions')).toMatchObject({ min: '1', max: '10' });
    expect(field('Tolerance')).toMatchObject({ min: '0', max: '1' });
    enter(field('Max Iterations'), '10000000');
    expect(within(dialog).getByText('Enter a whole number from 1 to 1,000')).toBeInTheDocument();
    enter(field('Max Iterations'), '100');
    expect(optionNames(field('Region'))).toEqual(['us-east-1', 'us-west-1', 'eu-west-2', 'eu-north-1']);
    expect(optionNames(field('Basis'))).toEqual([
      'sto3g',
      '631g',
      '631gd',
      '631gdp',
      'ccpvdz',
      'ccpvtz',
      'ccpvqz',
      'augccpvdz',
      'augccpvtz',
    ]);
    expect(optionNames(field('Ansatz'))).toEqual(['epa', 'uccsd', 'hardware_efficient']);
    expect(optionNames(field('Entanglement'))).toEqual(['circular', 'linear', 'full', 'pairwise']);

    enter(field('Shots'), '20000');
    expect(field('Shots')).not.toHaveAttribute('aria-invalid');
    enter(field('Convergence Count'), '0');
    expect(within(dialog).getByText('Enter a whole number from 1 to 100')).toBeInTheDocument();
  });

  it('rebuilds the device list for the region and resets a device the region does not have to SV1', async () => {
    const { user, field } = await openForm();
    expect(field('Quantum Device')).toHaveValue(SV1.arn);
    await user.selectOptions(field('Quantum Device'), TN1.arn);
    await user.selectOptions(field('Region'), 'us-west-1');
    expect(optionNames(field('Quantum Device'))).toEqual([
      'SV1 (state vector simulator)',
      'DM1 (density matrix simulator)',
      expect.stringMatching(/^Rigetti Ankaa-3/),
    ]);
    expect(field('Quantum Device')).toHaveValue(SV1.arn);

    await user.selectOptions(field('Quantum Device'), DM1.arn);
    await user.selectOptions(field('Region'), 'us-east-1');
    expect(field('Quantum Device')).toHaveValue(DM1.arn);
  });

  it('lists the QPUs closed now as unavailable, and in eu-north-1 starts on an open one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-04T07:10:00Z')); // Tuesday: Emerald is open, Garnet opens at 07:30
    const { user, field } = await openForm();
    const option = (name: string) => within(field('Quantum Device')).getByRole('option', { name });
    for (const closed of ['IonQ Aria 1', 'IonQ Aria 2', 'IonQ Forte 1', 'IonQ Forte Enterprise 1']) {
      expect(option(`${closed} (unavailable)`)).toBeDisabled();
    }
    // Aquila is open on Tuesday morning, but an analog device cannot run HI-VQE.
    expect(option('QuEra Aquila (unavailable)')).toBeDisabled();
    expect(option('SV1 (state vector simulator)')).toBeEnabled();

    await user.selectOptions(field('Region'), 'eu-north-1');
    expect(option('IQM Garnet (unavailable)')).toBeDisabled();
    expect(field('Quantum Device')).toHaveValue(EMERALD.arn);

    vi.setSystemTime(new Date('2025-03-04T08:00:00Z'));
    await user.selectOptions(field('Region'), 'us-east-1');
    await user.selectOptions(field('Region'), 'eu-north-1');
    expect(field('Quantum Device')).toHaveValue(GARNET.arn);
  });

  it('hints at the instance the workload needs, recomputed as the inputs change', async () => {
    const { user, field } = await openForm();
    const instance = field('Instance Type');
    expect(instance).toHaveValue('ml.m5.24xlarge');
    expect(instance).toHaveAccessibleDescription('You may be over-provisioning resources');
    await user.selectOptions(instance, 'ml.c5.2xlarge');
    expect(instance).toHaveAccessibleDescription('Recommended for this workload');
    await user.selectOptions(instance, 'ml.m5.large');
    expect(instance).toHaveAccessibleDescription('Selected instance may be insufficient for this workload');
    await user.selectOptions(instance, 'ml.c5.4xlarge');
    expect(instance).toHaveAccessibleDescription('Recommended: ml.c5.2xlarge');

    await user.selectOptions(field('Basis'), 'sto3g');
    expect(instance).toHaveAccessibleDescription('You may be over-provisioning resources');
    await user.selectOptions(instance, 'ml.c5.2xlarge');
    expect(instance).toHaveAccessibleDescription('Recommended: ml.m5.xlarge');
  });

  it("adds molecules as '1.1', '1.2', and cannot create without one", async () => {
    const { dialog, user } = await openForm();
    const add = within(dialog).getByRole('button', { name: 'Add Molecule' });
    await user.click(add);
    await user.click(add);
    const bonds = () =>
      within(dialog)
        .queryAllByLabelText('Bond Length (Å)')
        .map((input) => (input as HTMLInputElement).value);
    expect(bonds()).toEqual(['1.0', '1.1', '1.2']);
    expect(
      within(within(dialog).getByRole('group', { name: 'Molecule 3' })).getByLabelText('Geometry'),
    ).toHaveValue('N 0 0 0;N 0 0 1.2');

    for (const _ of bonds()) {
      await user.click(
        within(within(dialog).getByRole('group', { name: 'Molecule 1' })).getByRole('button', {
          name: 'Remove',
        }),
      );
    }
    expect(bonds()).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Create Job' })).toBeDisabled();
  });

  it('shows a missing permission source at the top and sends nothing on Create', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    mockPriorities(
      prioritiesResponse({
        priorities: [organizationEntry({ can_create_jobs: false, is_valid: false })],
        active_source: null,
      }),
    );
    const { user } = renderJobUi(
      <HybridJobCreateFormDialog initialForm={defaultCloudJobForm(CLOUD_SETTINGS)} onClose={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Quantum Lab: you do not have job permission. Ask its owner (owner@lab.example) to grant it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(within(dialog).getByRole('button', { name: /^Permission Source/ })).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('offers the CASCI reference in Molecule Configuration and sends compute_reference when ticked', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { dialog, user, onClose } = await openForm();
    const molecules = within(dialog).getByRole('group', { name: 'Molecule Configuration' });
    const option = within(molecules).getByRole('checkbox', { name: 'Compute the exact (CASCI) reference' });
    expect(option).toHaveAccessibleDescription(
      /^Full CI in the active space: 63,504 determinants, about 10 MB/,
    );
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([expect.objectContaining({ compute_reference: true })]);
  });

  it('creates the job with every molecule and the permission source, then closes', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath(JOB_PATHS.hybridJobs), async ({ request }) => {
        bodies.push(await request.json());
        await delay(50);
        return HttpResponse.json({
          job_arn: 'arn:aws:braket:us-west-1:123456789012:job/new',
          status: 'QUEUED',
        });
      }),
    );
    const { dialog, user, field, onClose } = await openForm();
    await user.selectOptions(field('Region'), 'us-west-1');
    await user.selectOptions(field('Quantum Device'), DM1.arn);
    await user.selectOptions(field('Instance Type'), 'ml.c5.2xlarge');
    enter(field('Amplitude Screening Tolerance'), '');
    expect(field('Amplitude Screening Tolerance')).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Add Molecule' }));

    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // The molecule has no exact energy: none is sent, not a placeholder.
    expect(bodies[0]).not.toHaveProperty('exact_energy');
    expect(bodies).toEqual([
      expect.objectContaining({
        device_name: DM1.arn,
        backend_name: 'DM1',
        aws_region: 'us-west-1',
        molecule_geometry: 'N 0 0 0;N 0 0 1.0',
        geometry_tag: '1.0',
        molecules: { '1.0': 'N 0 0 0;N 0 0 1.0', '1.1': 'N 0 0 0;N 0 0 1.1' },
        amplitude_screening_tolerance: 1e-20,
        instance_config: { instanceType: 'ml.c5.2xlarge', volumeSizeInGb: 100, instanceCount: 1 },
        output_data_config: { s3Path: 's3://amazon-braket-us-west-1-123456789012/jobs' },
        permission_source: {
          type: 'organization',
          organization_id: ORG_ID,
          organization_name: 'Quantum Lab',
        },
      }),
    ]);
  });

  it('hands a created scan to onCreated instead of closing', async () => {
    mockPriorities();
    const scan = {
      scan_id: '2f7c1f4e-9a51-4d8e-b1c0-3e5a7d9b1c22',
      scan_name: 'hivqe-1',
      jobs: [{ job_arn: 'arn:aws:braket:us-east-1:123456789012:job/hivqe-1-1p0', status: 'QUEUED' }],
    };
    server.use(
      http.post(apiPath(JOB_PATHS.hybridJobs), () =>
        HttpResponse.json({ job_arn: scan.jobs[0].job_arn, status: 'QUEUED', scan }),
      ),
    );
    const onClose = vi.fn();
    const onCreated = vi.fn();
    const { user } = renderJobUi(
      <HybridJobCreateFormDialog
        initialForm={defaultCloudJobForm(CLOUD_SETTINGS)}
        onCreated={onCreated}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
    await within(dialog).findByRole('button', { name: /Quantum Lab/ });
    await user.click(within(dialog).getByRole('button', { name: 'Add Molecule' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ scan })));
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    [403, PRIORITY_MESSAGES.noSource],
    [400, `body.job_name: ${JOB_NAME_MESSAGE}`],
    [400, DEVICE_MESSAGES.outsideWindow(ANKAA_3)],
  ])('shows the server’s %i message and stays open', async (status, message) => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs, status, message);
    const { dialog, user, onClose } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(bodies).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Create Job' })).toBeEnabled();
  });

  it('says creating failed when the server could not be reached', async () => {
    server.use(http.post(apiPath(JOB_PATHS.hybridJobs), () => HttpResponse.error()));
    const { dialog, user, onClose } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create job. Please try again.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the create again with the same Idempotency-Key after a failure, so no second job is made', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(apiPath(JOB_PATHS.hybridJobs), ({ request }) => {
        keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
        return keys.length === 1
          ? HttpResponse.json(
              { message: 'Amazon Braket did not answer in time; try again shortly.' },
              { status: 504 },
            )
          : HttpResponse.json(
              { job_arn: 'arn:aws:braket:us-east-1:123456789012:job/hivqe-1', status: 'QUEUED' },
              { status: 201 },
            );
      }),
    );
    const { dialog, user, onClose } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('did not answer in time');
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends the job name typed, and refuses one the server would refuse before sending', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { dialog, user, field, onClose } = await openForm();
    enter(field('Job Name'), 'x'.repeat(129));
    expect(field('Job Name')).toHaveAccessibleDescription(expect.stringContaining(JOB_NAME_MESSAGE));
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(bodies).toEqual([]);
    expect(field('Job Name')).toHaveFocus();

    enter(field('Job Name'), 'N₂ at 1.0 Å');
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([expect.objectContaining({ job_name: 'N₂ at 1.0 Å' })]);
  });

  it('says why a cloned job’s device cannot run, in the server’s words, and does not send it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-03T13:00:00Z')); // a Monday, inside the IonQ window
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    mockPriorities();
    renderJobUi(
      <HybridJobCreateFormDialog
        initialForm={{ ...defaultCloudJobForm(CLOUD_SETTINGS), device: ARIA_1.arn }}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
    const device = within(dialog).getByLabelText('Quantum Device');
    expect(device).toHaveAttribute('aria-invalid', 'true');
    expect(device).toHaveAccessibleDescription(DEVICE_MESSAGES.alwaysDisabled(ARIA_1));
    fireEvent.submit(device.closest('form')!);
    expect(device).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('creates nothing without a signed-in user', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { dialog, user, onClose } = await openForm({ auth: signedOut });
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(bodies).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('create job form and the Escape key', () => {
  it('Escape on the open permission source list closes the list only; a second Escape closes the form', async () => {
    const { user, dialog, onClose } = await openForm();
    const trigger = within(dialog).getByRole('button', { name: /Quantum Lab/ });
    await user.click(trigger);
    expect(within(dialog).getByRole('listbox')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Create HI-VQE Job' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
