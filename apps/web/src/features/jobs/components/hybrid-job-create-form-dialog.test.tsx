import { DM1, JOB_PATHS, SV1, TN1, EMERALD, GARNET, defaultCloudJobForm } from '@hivqe/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { CLOUD_SETTINGS, ORG_ID, mockPriorities, recordCreates } from '../testing/job-fixtures.ts';
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
    for (const label of ['Shots', 'Max Iterations', 'Max States', 'Max Expansion States']) {
      expect(field(label)).toMatchObject({ min: '1', max: '10000000' });
    }
    expect(field('Convergence Count')).toMatchObject({ min: '1', max: '100' });
    expect(field('Repetitions')).toMatchObject({ min: '1', max: '10' });
    expect(field('Tolerance')).toMatchObject({ min: '0', max: '' });
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
    expect(option('QuEra Aquila')).toBeEnabled();
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

  it('creates the job with the first molecule and the permission source, then closes', async () => {
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

  it('only logs a failure and stays open, as the spec has it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bodies = recordCreates(JOB_PATHS.hybridJobs, 500);
    const { dialog, user, onClose } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to create job', expect.any(Error)));
    expect(bodies).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Job' })).toBeEnabled();
    logged.mockRestore();
  });

  it('creates nothing without a signed-in user', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { dialog, user, onClose } = await openForm({ auth: signedOut });
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(bodies).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
