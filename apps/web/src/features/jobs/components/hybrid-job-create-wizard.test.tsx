import {
  ANKAA_3,
  JOB_PATHS,
  PRIORITY_MESSAGES,
  defaultCloudJobForm,
  type AccountSettingsResponse,
} from '@hivqe/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import {
  CLOUD_SETTINGS,
  ORG_ID,
  mockPriorities,
  mockSettings,
  organizationEntry,
  prioritiesResponse,
  recordCreates,
} from '../testing/job-fixtures.ts';
import { renderJobUi, signedOut } from '../testing/render-job-ui.tsx';
import { EXACT_ENERGY_HINT } from './form/molecule-list.tsx';
import { HybridJobCreateWizard } from './hybrid-job-create-wizard.tsx';

async function openWizard({
  auth = undefined as typeof signedOut | undefined,
  settings = CLOUD_SETTINGS as AccountSettingsResponse,
} = {}) {
  mockPriorities();
  mockSettings(settings);
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const view = renderJobUi(
    <HybridJobCreateWizard
      initialForm={defaultCloudJobForm(CLOUD_SETTINGS)}
      onClose={onClose}
      onCreated={onCreated}
    />,
    auth ? { auth } : {},
  );
  const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
  await within(dialog).findByRole('button', { name: /Quantum Lab/ });
  const next = () => view.user.click(within(dialog).getByRole('button', { name: 'Next' }));
  return { ...view, dialog, onClose, onCreated, next };
}

const currentStep = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Progress' })).getByRole('listitem', { current: 'step' });

/** Replaces a field's entry as a user would, in one change. */
const enter = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('create HI-VQE job wizard', () => {
  it('walks through five steps with Previous, Next and the step indicator', async () => {
    const { dialog, next, user } = await openWizard();
    const titles = ['Basic Info', 'Molecule', 'Advanced', 'Resources', 'Review'];

    expect(within(dialog).getByText('Step 1 of 5')).toBeInTheDocument();
    expect(currentStep(dialog)).toHaveTextContent('1Basic Info');
    expect(within(dialog).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    for (const [index, title] of titles.slice(1).entries()) {
      await next();
      expect(within(dialog).getByText(`Step ${index + 2} of 5`)).toBeInTheDocument();
      expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Job' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(currentStep(dialog)).toHaveTextContent('4Resources');
  });

  it('closes with Cancel, with × and with Escape, creating nothing', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { dialog, onClose, user } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(bodies).toEqual([]);
  });

  it("keeps the wizard's ranges and stays on a step while a field is out of range", async () => {
    const { dialog, next } = await openWizard();
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Shots')).toMatchObject({ min: '1', max: '10000' });
    expect(field('Max Iterations')).toMatchObject({ min: '1', max: '1000' });
    expect(field('Tolerance')).toMatchObject({ min: '0.001', max: '1', step: '0.001' });
    // jobs.md 5's bounds, which the engine's largest subspace now reaches (issue 29).
    expect(field('Max States')).toMatchObject({ min: '1', max: '10000000' });
    expect(field('Max Expansion States')).toMatchObject({ min: '1', max: '10000000' });
    enter(field('Max States'), '10000001');
    expect(within(dialog).getByText('Enter a whole number from 1 to 10,000,000')).toBeInTheDocument();
    enter(field('Max States'), '20000');

    enter(field('Shots'), '20000');
    expect(within(dialog).getByText('Enter a whole number from 1 to 10,000')).toBeInTheDocument();
    await next();
    expect(within(dialog).getByText('Step 1 of 5')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please correct the highlighted fields before continuing.',
    );
    expect(field('Shots')).toHaveFocus();

    enter(field('Shots'), '10000');
    await next();
    expect(field('Repetitions')).toMatchObject({ min: '1', max: '10' });
    await next();
    expect(field('Convergence Count')).toMatchObject({ min: '0', max: '100' });
    expect(field('Amplitude Screening Tolerance')).toMatchObject({ min: '0', step: '1e-20' });
    expect(field('Convergence Absolute Tolerance')).toMatchObject({ min: '0', step: '0.0001' });
    enter(field('Convergence Count'), '0');
    await next();
    expect(within(dialog).getByText('Step 4 of 5')).toBeInTheDocument();
  });

  it("adds bonds as '{n}.0', refuses a bond length that exists, renames and removes", async () => {
    const { dialog, next, user } = await openWizard();
    await next();
    await user.click(within(dialog).getByRole('button', { name: 'Add Molecule' }));
    const second = within(dialog).getByRole('group', { name: 'Molecule 2' });
    expect(within(second).getByLabelText('Bond Length (Å)')).toHaveValue('2.0');
    expect(within(second).getByLabelText('Geometry')).toHaveValue('N 0 0 0;N 0 0 2.0');
    // No placeholder: an empty exact energy, the engine's CASCI standing in.
    expect(within(second).getByLabelText('Exact Energy (Ha)')).toHaveValue(null);
    expect(within(second).getByLabelText('Exact Energy (Ha)')).toHaveAccessibleDescription(EXACT_ENERGY_HINT);

    const bond = within(second).getByLabelText('Bond Length (Å)');
    await user.clear(bond);
    await user.type(bond, '1.0{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bond length already exists.');
    expect(bond).toHaveValue('2.0');

    await user.clear(bond);
    await user.type(bond, '2.5{Enter}');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('group', { name: 'Molecule 2' })).getByLabelText('Bond Length (Å)'),
    ).toHaveValue('2.5');

    for (const _ of [1, 2]) {
      await user.click(
        within(within(dialog).getByRole('group', { name: 'Molecule 1' })).getByRole('button', {
          name: 'Remove',
        }),
      );
    }
    expect(within(dialog).getByText('A job needs at least one molecule.')).toBeInTheDocument();
    await next();
    await next();
    await next();
    expect(within(dialog).getByRole('button', { name: 'Create Job' })).toBeDisabled();
  });

  it('keeps only digits, spaces and commas in the orbital inputs', async () => {
    const { dialog, next, user } = await openWizard();
    await next();
    const active = within(dialog).getByLabelText('Active Orbitals');
    await user.clear(active);
    // Frozen 0 and 1 are the default: N2's other ten electrons need at least five active orbitals.
    await user.type(active, '2, 3, 4, 5, 6 x7;');
    expect(active).toHaveValue('2, 3, 4, 5, 6 7');
    await next();
    await next();
    await next();
    expect(
      within(dialog).getByText('Active Orbitals', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('2, 3, 4, 5, 6, 7');
  });

  it('disables the QPUs that are closed at the current UTC time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-03T10:00:00Z')); // a Monday
    const { dialog } = await openWizard();
    const option = (name: string) =>
      within(within(dialog).getByLabelText('Quantum Device')).getByRole('option', { name });
    expect(option('SV1 (state vector simulator)')).toBeEnabled();
    for (const closed of ['IonQ Aria 1', 'IonQ Aria 2', 'IonQ Forte 1', 'IonQ Forte Enterprise 1']) {
      expect(option(`${closed} (unavailable)`)).toBeDisabled();
    }
    for (const open of ['Rigetti Ankaa-3', 'IQM Garnet']) expect(option(open)).toBeEnabled();
    // Inside its window, but analog: HI-VQE runs circuits.
    expect(option('QuEra Aquila (unavailable)')).toBeDisabled();
  });

  it('shows the resources read-only but the instance type, with its complexity hint', async () => {
    const { dialog, next, user } = await openWizard();
    for (let step = 0; step < 3; step += 1) await next();
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Account ID')).toHaveValue('123456789012');
    expect(field('Account ID')).toHaveAttribute('readonly');
    expect(field('Region')).toHaveValue('us-east-1');
    expect(field('Region')).toHaveAttribute('readonly');
    expect(field('S3 Bucket')).toHaveValue('amazon-braket-us-east-1-123456789012');
    expect(field('S3 Bucket')).toHaveAttribute('readonly');
    expect(
      within(field('Instance Type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'ml.c5.4xlarge (for c7i.4xlarge)',
      'ml.m5.4xlarge (for m7i.4xlarge)',
      'ml.m5.24xlarge (for hpc6id.32xlarge)',
      'ml.m5.12xlarge (for r7i.4xlarge)',
    ]);
    expect(field('Instance Type')).toHaveValue('ml.c5.4xlarge');
    expect(field('Instance Type')).toHaveAccessibleDescription('Recommended: ml.c5.2xlarge');
    await user.selectOptions(field('Instance Type'), 'ml.m5.24xlarge');
    expect(field('Instance Type')).toHaveAccessibleDescription('You may be over-provisioning resources');
  });

  it('sends the payload with the chosen permission source and reports success', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath(JOB_PATHS.hybridJobs), async ({ request }) => {
        bodies.push(await request.json());
        await delay(50);
        return HttpResponse.json({
          job_arn: 'arn:aws:braket:us-east-1:123456789012:job/new',
          status: 'QUEUED',
        });
      }),
    );
    const { dialog, next, user, onCreated } = await openWizard();
    enter(within(dialog).getByLabelText('Shots'), '2000');
    await next();
    await user.selectOptions(within(dialog).getByLabelText('Basis'), 'sto-3g');
    // STO-3G gives N2 ten orbitals: the default active space (up to 11) no longer fits, and the form says so.
    const active = within(dialog).getByLabelText('Active Orbitals');
    await user.clear(active);
    await user.type(active, '2, 3, 4, 5, 6, 7');
    await user.click(within(dialog).getByRole('button', { name: 'Add Molecule' }));
    await next();
    await user.click(within(dialog).getByLabelText('Configuration Recovery'));
    await next();
    await user.selectOptions(within(dialog).getByLabelText('Instance Type'), 'ml.m5.4xlarge');
    await next();
    const summary = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(summary('Permission Source')).toHaveTextContent('Quantum Lab');
    expect(summary('Shots')).toHaveTextContent('2000');
    expect(summary('Basis')).toHaveTextContent('sto-3g');
    expect(summary('Configuration Recovery')).toHaveTextContent('Yes');
    expect(summary('Instance Type')).toHaveTextContent('ml.m5.4xlarge');
    expect(within(dialog).getByRole('region', { name: 'Molecules' })).toHaveTextContent(
      '2.0 Å: N 0 0 0;N 0 0 2.0',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([
      {
        role_arn: 'arn:aws:iam::123456789012:role/service-role/AmazonBraketJobsExecutionRole',
        device_name: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1',
        backend_name: 'SV1',
        molecule_geometry: 'N 0 0 0;N 0 0 1.0',
        active_orbitals: [2, 3, 4, 5, 6, 7],
        frozen_orbitals: [0, 1],
        basis: 'sto-3g',
        ansatz: 'epa',
        ansatz_entanglement: 'circular',
        ansatz_reps: 2,
        max_iter: 100,
        shots: 2000,
        max_states: 20000,
        max_expansion_states: 500,
        tolerance: 0.001,
        geometry_tag: '1.0',
        // Both bond lengths: a scan (issue 11 §3), no longer only the first.
        molecules: { '1.0': 'N 0 0 0;N 0 0 1.0', '2.0': 'N 0 0 0;N 0 0 2.0' },
        exact_energies: {},
        debug_use_simulator: true,
        aws_region: 'us-east-1',
        ecr_image_uri: 'hi-vqe/engine:latest',
        configuration_recovery: true,
        amplitude_screening_tolerance: 1e-20,
        convergence_count: 3,
        convergence_abstol: 0.0001,
        reset_convergence_count: true,
        instance_config: { instanceType: 'ml.m5.4xlarge', volumeSizeInGb: 100, instanceCount: 1 },
        output_data_config: { s3Path: 's3://amazon-braket-us-east-1-123456789012/jobs' },
        tags: { Project: 'HI-VQE', User: 'quantum-user', Environment: 'development' },
        permission_source: {
          type: 'organization',
          organization_id: ORG_ID,
          organization_name: 'Quantum Lab',
        },
      },
    ]);
  });

  describe('the exact (CASCI) reference', () => {
    const NOT_ASKED =
      '(no reference: the full space (63,504 determinants) is larger than max_states (150) and the job did not ask for it (compute_reference))';

    it('is offered with its cost, and Review says what will run, asked for or not', async () => {
      const bodies = recordCreates(JOB_PATHS.hybridJobs);
      const { dialog, next, user, onCreated } = await openWizard();
      enter(within(dialog).getByLabelText('Max States'), '150');
      await next();
      const option = within(dialog).getByRole('checkbox', { name: 'Compute the exact (CASCI) reference' });
      expect(option).not.toBeChecked();
      expect(option).toBeEnabled();
      expect(option).toHaveAccessibleDescription(
        'Full CI in the active space: 63,504 determinants, about 10 MB of memory per molecule. ' +
          'Unticked, the engine computes it only for a molecule without an exact energy whose full space fits within Max States.',
      );
      for (let step = 0; step < 3; step += 1) await next();
      const molecules = () => within(dialog).getByRole('region', { name: 'Molecules' });
      const summary = (label: string) =>
        within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(molecules()).toHaveTextContent(`1.0 Å: N 0 0 0;N 0 0 1.0 ${NOT_ASKED}`);
      expect(summary('Compute CASCI Reference')).toHaveTextContent('No');

      for (let step = 0; step < 3; step += 1) {
        await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
      }
      await user.click(within(dialog).getByRole('checkbox', { name: 'Compute the exact (CASCI) reference' }));
      for (let step = 0; step < 3; step += 1) await next();
      expect(molecules()).toHaveTextContent(
        '1.0 Å: N 0 0 0;N 0 0 1.0 (reference: CASCI, 63,504 determinants)',
      );
      expect(summary('Compute CASCI Reference')).toHaveTextContent('Yes');

      await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
      await waitFor(() => expect(onCreated).toHaveBeenCalled());
      expect(bodies).toEqual([expect.objectContaining({ compute_reference: true, max_states: 150 })]);
    });

    it('says an exact energy is the reference, and a CASCI the engine computes without being asked', async () => {
      const { dialog, next, user } = await openWizard();
      await next();
      const first = within(dialog).getByRole('group', { name: 'Molecule 1' });
      enter(within(first).getByLabelText('Exact Energy (Ha)'), '-109.27');
      // A space within Max States (20,000 by default): the engine computes CASCI unasked for a molecule without one.
      await user.selectOptions(within(dialog).getByLabelText('Basis'), 'sto-3g');
      const active = within(dialog).getByLabelText('Active Orbitals');
      await user.clear(active);
      await user.type(active, '2, 3, 4, 5, 6, 7');
      await user.click(within(dialog).getByRole('button', { name: 'Add Molecule' }));
      for (let step = 0; step < 3; step += 1) await next();
      const molecules = within(dialog).getByRole('region', { name: 'Molecules' });
      expect(molecules).toHaveTextContent(
        '1.0 Å: N 0 0 0;N 0 0 1.0 (reference: your exact energy -109.27 Ha)',
      );
      expect(molecules).toHaveTextContent('2.0 Å: N 0 0 0;N 0 0 2.0 (reference: CASCI, 36 determinants)');
    });

    it('is not offered where the space is above the engine’s CASCI limit, and says so', async () => {
      const bodies = recordCreates(JOB_PATHS.hybridJobs);
      const { dialog, next, user, onCreated } = await openWizard();
      await next();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Compute the exact (CASCI) reference' }));
      const active = within(dialog).getByLabelText('Active Orbitals');
      await user.clear(active);
      await user.type(active, '2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17');
      const option = within(dialog).getByRole('checkbox', { name: 'Compute the exact (CASCI) reference' });
      expect(option).toBeDisabled();
      expect(option).not.toBeChecked();
      expect(option).toHaveAccessibleDescription(
        'Not available: at 1.0 Å, 19,079,424 determinants exceed the CASCI limit of 12,000,000.',
      );
      for (let step = 0; step < 3; step += 1) await next();
      expect(within(dialog).getByRole('region', { name: 'Molecules' })).toHaveTextContent(
        '(no reference: 19,079,424 determinants exceed the CASCI limit of 12,000,000)',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
      await waitFor(() => expect(onCreated).toHaveBeenCalled());
      expect(bodies[0]).not.toHaveProperty('compute_reference');
    });
  });

  it('on the local back end shows this server and no bucket, not the stored AWS account', async () => {
    const { dialog, next } = await openWizard({
      settings: { ...CLOUD_SETTINGS, hybrid_job_backend: 'local' },
    });
    for (let step = 0; step < 3; step += 1) await next();
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Account ID')).toHaveValue('This server (local engine)');
    expect(field('S3 Bucket')).toHaveValue('None: results stay on this server');
    await next();
    const resources = within(dialog).getByRole('region', { name: /resources/i });
    expect(resources).toHaveTextContent('This server (local engine)');
    expect(resources).not.toHaveTextContent('123456789012');
  });

  it('on Amazon Braket shows the bucket in the region the job runs in: a QPU’s own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-03T10:00:00Z')); // a Monday: Ankaa-3 is open
    const { dialog, next, user } = await openWizard();
    await user.selectOptions(within(dialog).getByLabelText('Quantum Device'), ANKAA_3.arn);
    for (let step = 0; step < 3; step += 1) await next();
    expect(within(dialog).getByLabelText('Account ID')).toHaveValue('123456789012');
    expect(within(dialog).getByLabelText('S3 Bucket')).toHaveValue('amazon-braket-us-west-1-123456789012');
  });

  it('on Amazon Braket without the user’s own account says there is none', async () => {
    const { dialog, next } = await openWizard({
      settings: { ...CLOUD_SETTINGS, source: null, account_id: null, role_arn: null, external_id: null },
    });
    for (let step = 0; step < 3; step += 1) await next();
    expect(within(dialog).getByLabelText('Account ID')).toHaveValue(
      'None: set up your AWS account on the Account page',
    );
  });

  it.each([
    [403, PRIORITY_MESSAGES.noSource],
    [400, 'body.max_iter: max_iter must be a whole number from 1 to 1,000'],
  ])('shows the server’s %i message and stays open', async (status, message) => {
    recordCreates(JOB_PATHS.hybridJobs, status, message);
    const { dialog, next, user, onCreated } = await openWizard();
    for (let step = 0; step < 4; step += 1) await next();
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('Please try again');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('stops a user with no permission source at the first step, saying why and whom to ask', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    mockPriorities(
      prioritiesResponse({
        priorities: [organizationEntry({ can_create_jobs: false, is_valid: false })],
        active_source: null,
      }),
    );
    mockSettings(CLOUD_SETTINGS);
    const { user } = renderJobUi(
      <HybridJobCreateWizard
        initialForm={defaultCloudJobForm(CLOUD_SETTINGS)}
        onClose={vi.fn()}
        onCreated={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent(PRIORITY_MESSAGES.noSource);
    expect(refusal).toHaveTextContent('Ask its owner (owner@lab.example) to grant it.');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Step 1 of 5')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Permission Source/ })).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('in Review says no source was chosen, not the selector’s prompt, when the sources could not load', async () => {
    mockPriorities('error');
    mockSettings(CLOUD_SETTINGS);
    const { user } = renderJobUi(
      <HybridJobCreateWizard
        initialForm={defaultCloudJobForm(CLOUD_SETTINGS)}
        onClose={vi.fn()}
        onCreated={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
    await within(dialog).findByText('Failed to load permission sources');
    for (let step = 0; step < 4; step += 1) {
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    }
    const summary = within(dialog).getByText('Permission Source', { selector: 'dt' }).nextElementSibling;
    expect(summary).toHaveTextContent('None chosen: the server uses your first valid source');
    expect(within(dialog).getByRole('region', { name: 'Job settings' })).not.toHaveTextContent(
      'Select source...',
    );
  });

  it('sends the job name typed in the first step', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { dialog, next, user, onCreated } = await openWizard();
    enter(within(dialog).getByLabelText('Job Name'), 'H2 at 0.74');
    for (let step = 0; step < 4; step += 1) await next();
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(bodies).toEqual([expect.objectContaining({ job_name: 'H2 at 0.74' })]);
  });

  it("says 'Failed to create job. Please try again.' and stays open when the server gives no reason", async () => {
    server.use(http.post(apiPath(JOB_PATHS.hybridJobs), () => HttpResponse.error()));
    const { dialog, next, user, onCreated } = await openWizard();
    for (let step = 0; step < 4; step += 1) await next();
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create job. Please try again.',
    );
    expect(onCreated).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Create Job' })).toBeEnabled();
  });

  it('creates nothing without a signed-in user', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { dialog, next, user, onCreated } = await openWizard({ auth: signedOut });
    for (let step = 0; step < 4; step += 1) await next();
    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(bodies).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
  });
});
