import { JOB_PATHS, PRIORITY_MESSAGES } from '@hivqe/contract';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IQM_KEY_TAIL, ORG_ID, mockPriorities, recordCreates } from '../../jobs/testing/job-fixtures.ts';
import { renderJobUi } from '../../jobs/testing/render-job-ui.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { IqmJobCreateWizard } from './iqm-job-create-wizard.tsx';

async function openWizard() {
  mockPriorities();
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const view = renderJobUi(
    <IqmJobCreateWizard apiKey={`***${IQM_KEY_TAIL}`} onClose={onClose} onCreated={onCreated} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Create IQM Job' });
  await within(dialog).findByRole('button', { name: /Quantum Lab/ });
  const next = () => view.user.click(within(dialog).getByRole('button', { name: 'Next' }));
  return { ...view, dialog, onClose, onCreated, next };
}

describe('IQM job wizard', () => {
  it('numbers five steps, named in Korean and described in English', async () => {
    const { dialog, next } = await openWizard();
    const steps = within(within(dialog).getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1기본 설정Basic settings and device',
      '2분자 및 정확한 에너지Molecules and exact energies',
      '3고급 매개변수Advanced parameters',
      '4리소스 확인Resource confirmation',
      '5검토 및 생성Review and create',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    await next();
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(within(dialog).getByRole('heading', { name: '분자 및 정확한 에너지' })).toBeInTheDocument();
  });

  it('offers Emerald, Garnet and Sirius, starting on Garnet', async () => {
    const { dialog } = await openWizard();
    const device = within(dialog).getByLabelText('Quantum Device');
    expect(device).toHaveValue('garnet');
    expect(
      within(device)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Emerald', 'Garnet', 'Sirius']);
  });

  it("adds bonds as 'k.0' with a nitrogen pair at z = k.0 and no exact energy, and refuses a duplicate", async () => {
    const { dialog, next, user } = await openWizard();
    await next();
    const add = within(dialog).getByRole('button', { name: 'Add Molecule' });
    await user.click(add);
    await user.click(add);
    const third = within(dialog).getByRole('group', { name: 'Molecule 3' });
    expect(within(third).getByLabelText('Bond Length (Å)')).toHaveValue('3.0');
    expect(within(third).getByLabelText('Geometry')).toHaveValue('N 0 0 0;N 0 0 3.0');
    expect(within(third).getByLabelText('Exact Energy (Ha)')).toHaveValue(null);

    const bond = within(third).getByLabelText('Bond Length (Å)');
    await user.clear(bond);
    await user.type(bond, '2.0');
    await user.tab();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bond length already exists.');
    expect(bond).toHaveValue('3.0');
  });

  it('shows the IQM resources: the masked key, the instance, the provider and the bucket', async () => {
    const { dialog, next } = await openWizard();
    for (let step = 0; step < 3; step += 1) await next();
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('API Key')).toHaveValue(`***${IQM_KEY_TAIL}`);
    expect(field('Instance Type')).toHaveValue('c7i.4xlarge');
    expect(field('Provider')).toHaveValue('IQM Resonance');
    expect(field('S3 Bucket')).toHaveValue('None: results stay on this server');
    for (const label of ['API Key', 'Instance Type', 'Provider', 'S3 Bucket']) {
      expect(field(label)).toHaveAttribute('readonly');
    }
  });

  it('asks for the CASCI reference of every molecule when ticked, and says so in Review', async () => {
    const bodies = recordCreates(JOB_PATHS.iqmJobs);
    const { dialog, next, user, onCreated } = await openWizard();
    await next();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Compute the exact (CASCI) reference' }));
    await next();
    await next();
    await next();
    expect(within(dialog).getByRole('region', { name: 'Molecules' })).toHaveTextContent(
      '1.0 Å: N 0 0 0;N 0 0 1.0 (reference: CASCI, 63,504 determinants)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create IQM Job' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([
      expect.objectContaining({ hyperparameters: expect.objectContaining({ compute_reference: true }) }),
    ]);
  });

  it('sends every molecule with its exact energy, the device and the permission source', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(1741860000000));
    const bodies = recordCreates(JOB_PATHS.iqmJobs);
    const { dialog, next, user, onCreated } = await openWizard();
    await user.selectOptions(within(dialog).getByLabelText('Quantum Device'), 'emerald');
    await next();
    await user.click(within(dialog).getByRole('button', { name: 'Add Molecule' }));
    await user.type(
      within(within(dialog).getByRole('group', { name: 'Molecule 2' })).getByLabelText('Exact Energy (Ha)'),
      '-108.95',
    );
    await next();
    await next();
    await next();
    expect(within(dialog).getByText('Device', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Emerald',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create IQM Job' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([
      {
        job_name: 'iqm-job-1741860000000',
        device: 'emerald',
        hyperparameters: {
          shots: 1000,
          max_iterations: 100,
          max_states: 20000,
          max_expansion_states: 500,
          molecules: { '1.0': 'N 0 0 0;N 0 0 1.0', '2.0': 'N 0 0 0;N 0 0 2.0' },
          // Only the molecule given an energy has one; the other has CASCI only if the engine computes it.
          exact_energies: { '2.0': -108.95 },
          active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
          frozen_orbitals: [0, 1],
          basis: 'ccpvdz',
          ansatz: 'epa',
          ansatz_entanglement: 'circular',
          ansatz_reps: 2,
          configuration_recovery: false,
          amplitude_screening_tolerance: 1e-20,
          convergence_count: 3,
          convergence_abstol: 0.0001,
          reset_convergence_count: true,
        },
        tags: { Project: 'HI-VQE', User: 'quantum-user', Environment: 'development', Provider: 'IQM' },
        permission_source: {
          type: 'organization',
          organization_id: ORG_ID,
          organization_name: 'Quantum Lab',
        },
      },
    ]);
  });

  it('shows the server’s reason when creating is refused', async () => {
    recordCreates(JOB_PATHS.iqmJobs, 403, PRIORITY_MESSAGES.noSource);
    const { dialog, next, user, onCreated } = await openWizard();
    for (let step = 0; step < 4; step += 1) await next();
    await user.click(within(dialog).getByRole('button', { name: 'Create IQM Job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PRIORITY_MESSAGES.noSource);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("says 'Failed to create IQM job. Please try again.' when the server gives no reason", async () => {
    server.use(http.post(apiPath(JOB_PATHS.iqmJobs), () => HttpResponse.error()));
    const { dialog, next, user, onCreated } = await openWizard();
    for (let step = 0; step < 4; step += 1) await next();
    await user.click(within(dialog).getByRole('button', { name: 'Create IQM Job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create IQM job. Please try again.',
    );
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('closes with Escape', async () => {
    const { onClose, user } = await openWizard();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
