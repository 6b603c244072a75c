import { JOB_PATHS, defaultCloudJobForm, defaultIqmJobForm } from '@hivqe/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WIZARD_VARIANT } from '../../job-form-variants.ts';
import { useJobForm } from '../../use-job-form.ts';
import { CLOUD_SETTINGS, mockPriorities, recordCreates } from '../../testing/job-fixtures.ts';
import { renderJobUi } from '../../testing/render-job-ui.tsx';
import { HybridJobCreateFormDialog } from '../hybrid-job-create-form-dialog.tsx';
import { CHARGE_HINT, MoleculeList } from './molecule-list.tsx';

const enter = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function openForm() {
  mockPriorities();
  const onClose = vi.fn();
  const view = renderJobUi(
    <HybridJobCreateFormDialog initialForm={defaultCloudJobForm(CLOUD_SETTINGS)} onClose={onClose} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
  await within(dialog).findByRole('button', { name: /Quantum Lab/ });
  const geometry = () =>
    within(within(dialog).getByRole('group', { name: 'Molecule 1' })).getByLabelText('Geometry');
  return {
    ...view,
    dialog,
    onClose,
    geometry,
    field: (label: string) => within(dialog).getByLabelText(label),
  };
}

describe('the engine’s molecule checks, inline as the user types', () => {
  it('shows the engine’s message under the geometry, marks it invalid and sends nothing', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { dialog, user, geometry } = await openForm();
    expect(geometry()).not.toHaveAttribute('aria-invalid');

    enter(geometry(), 'Xx 0 0 0;N 0 0 1.0');
    expect(geometry()).toHaveAttribute('aria-invalid', 'true');
    expect(geometry()).toHaveAccessibleDescription(
      "atom 1: unknown or unsupported element 'Xx' (supported: H to Ar)",
    );
    enter(geometry(), 'N 0 0 0;N 0 0 0.01');
    expect(geometry()).toHaveAccessibleDescription(/atoms 1 and 2 are at \(almost\) the same position/);
    enter(geometry(), 'N 0 0 0;N 0 0 1e300');
    expect(geometry()).toHaveAccessibleDescription(/coordinates must lie within ±1000 Å/);

    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(geometry()).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('checks the orbitals against the basis the user picks', async () => {
    const { user, geometry, field } = await openForm();
    await user.selectOptions(field('Basis'), 'sto3g');
    expect(geometry()).toHaveAccessibleDescription(
      'active_orbitals 2..11 do not fit: the molecule has 10 orbitals in this basis (indices 0..9); ' +
        '10, 11 out of range',
    );
    await user.selectOptions(field('Basis'), 'ccpvdz');
    expect(geometry()).not.toHaveAttribute('aria-invalid');
  });

  it('takes an odd-electron molecule once the charge pairs its electrons, and sends the charge', async () => {
    const bodies = recordCreates(JOB_PATHS.hybridJobs);
    const { dialog, user, geometry, field, onClose } = await openForm();
    expect(field('Charge')).toHaveAccessibleDescription(CHARGE_HINT);

    // NO has 15 electrons; NO+ is a closed-shell cation.
    enter(geometry(), 'N 0 0 0;O 0 0 1.06');
    expect(geometry()).toHaveAccessibleDescription(
      /the molecule has 15 electrons, an odd number \(at charge 0\)/,
    );
    enter(field('Charge'), '1');
    expect(geometry()).not.toHaveAttribute('aria-invalid');
    expect(geometry()).not.toHaveAccessibleDescription();

    await user.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([expect.objectContaining({ molecule_geometry: 'N 0 0 0;O 0 0 1.06', charge: 1 })]);
  });

  it('checks every molecule of a scan on its own', () => {
    function Scan() {
      const { form, update } = useJobForm(() => ({
        ...defaultIqmJobForm({}),
        molecules: { '0.74': 'H 0 0 0;H 0 0 0.74', '0.8': 'H 0 0 0;H 0 0 0.8;H 0 0 2' },
        basis: 'sto3g',
        active_orbitals: [0, 1],
        frozen_orbitals: [],
      }));
      return <MoleculeList form={form} onChange={update} variant={WIZARD_VARIANT} />;
    }
    renderJobUi(<Scan />);
    const geometryOf = (name: string) =>
      within(screen.getByRole('group', { name })).getByLabelText('Geometry');
    expect(geometryOf('Molecule 1')).not.toHaveAttribute('aria-invalid');
    expect(geometryOf('Molecule 2')).toHaveAccessibleDescription(/the molecule has 3 electrons/);
  });
});

describe('renaming a bond length from the keyboard', () => {
  function renderScan() {
    function Scan() {
      const { form, update } = useJobForm(() => ({
        ...defaultIqmJobForm({}),
        molecules: { '1.0': 'H 0 0 0;H 0 0 1.0', '1.2': 'H 0 0 0;H 0 0 1.2' },
        exactEnergies: { '1.2': -1.05 },
      }));
      return <MoleculeList form={form} onChange={update} variant={WIZARD_VARIANT} />;
    }
    const view = renderJobUi(<Scan />);
    const row = (name: string) => within(screen.getByRole('group', { name }));
    return { ...view, row };
  }

  it('keeps the keyboard in the row when Tab leaves a renamed length, and keeps what is typed next', async () => {
    const { user, row } = renderScan();
    const length = row('Molecule 2').getByLabelText('Bond Length (Å)');

    await user.tripleClick(length);
    await user.keyboard('1.5');
    await user.tab();

    expect(row('Molecule 2').getByLabelText('Geometry')).toHaveFocus();
    expect(row('Molecule 2').getByLabelText('Bond Length (Å)')).toHaveValue('1.5');
    expect(row('Molecule 2').getByLabelText('Exact Energy (Ha)')).toHaveValue(-1.05);

    await user.keyboard('{Control>}a{/Control}H 0 0 0;H 0 0 1.5');
    expect(row('Molecule 2').getByLabelText('Geometry')).toHaveValue('H 0 0 0;H 0 0 1.5');
    expect(row('Molecule 1').getByLabelText('Geometry')).toHaveValue('H 0 0 0;H 0 0 1.0');
    expect(row('Molecule 1').getByLabelText('Bond Length (Å)')).toHaveValue('1.0');
  });

  it('renames on Enter without losing the field', async () => {
    const { user, row } = renderScan();
    const length = row('Molecule 1').getByLabelText('Bond Length (Å)');

    await user.tripleClick(length);
    await user.keyboard('0.9{Enter}');

    expect(length).toHaveFocus();
    expect(length).toHaveValue('0.9');
    expect(row('Molecule 1').getByLabelText('Geometry')).toHaveValue('H 0 0 0;H 0 0 1.0');
  });

  it('refuses a length another molecule has, goes back to the old one and still moves on with Tab', async () => {
    const { user, row } = renderScan();
    const length = row('Molecule 1').getByLabelText('Bond Length (Å)');

    await user.tripleClick(length);
    await user.keyboard('1.2');
    await user.tab();

    expect(screen.getByText(/already exists/i)).toBeInTheDocument();
    expect(length).toHaveValue('1.0');
    expect(row('Molecule 1').getByLabelText('Geometry')).toHaveFocus();
  });
});
