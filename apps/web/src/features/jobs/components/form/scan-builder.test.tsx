import { defaultCloudJobForm, parseGeometry, SCAN_BUILDER_MESSAGES } from '@hivqe/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLOUD_SETTINGS, mockPriorities } from '../../testing/job-fixtures.ts';
import { renderJobUi } from '../../testing/render-job-ui.tsx';
import { HybridJobCreateFormDialog } from '../hybrid-job-create-form-dialog.tsx';

const enter = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function openForm() {
  mockPriorities();
  const view = renderJobUi(
    <HybridJobCreateFormDialog initialForm={defaultCloudJobForm(CLOUD_SETTINGS)} onClose={vi.fn()} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Create HI-VQE Job' });
  await within(dialog).findByRole('button', { name: /Quantum Lab/ });
  const builder = () => within(dialog).getByRole('group', { name: 'Build a scan from the first molecule' });
  const rows = () => within(dialog).queryAllByRole('group', { name: /^Molecule \d+$/ });
  const rowValues = () =>
    rows().map((row) => ({
      key: (within(row).getByLabelText('Bond Length (Å)') as HTMLInputElement).value,
      geometry: (within(row).getByLabelText('Geometry') as HTMLInputElement).value,
    }));
  return { ...view, dialog, builder, rows, rowValues };
}

const bondLength = (geometry: string, i: number, j: number) => {
  const atoms = parseGeometry(geometry)!;
  return Math.hypot(atoms[i].x - atoms[j].x, atoms[i].y - atoms[j].y, atoms[i].z - atoms[j].z);
};

describe('the scan builder (issue 30 §5)', () => {
  it('builds one molecule per length from start, stop and step, each from the first geometry', async () => {
    const { user, builder, rows, rowValues } = await openForm();
    enter(within(rows()[0]).getByLabelText('Geometry'), 'Li 0 0 0;H 0 0 1.6');
    expect(within(builder()).getByLabelText('Bond')).toHaveDisplayValue('Li1–H2 (1.600 Å)');
    enter(within(builder()).getByLabelText('Start (Å)'), '1.2');
    enter(within(builder()).getByLabelText('Stop (Å)'), '2.0');
    enter(within(builder()).getByLabelText('Step (Å)'), '0.2');
    await user.click(within(builder()).getByRole('button', { name: 'Build Scan' }));

    const built = rowValues();
    expect(built.map((row) => row.key)).toEqual(['1.2', '1.4', '1.6', '1.8', '2.0']);
    expect(built.map((row) => bondLength(row.geometry, 0, 1))).toEqual([1.2, 1.4, 1.6, 1.8, 2]);
    expect(built[0].geometry).toBe('Li 0 0 0; H 0 0 1.2');

    // "Add Molecule" still adds a row after the built ones.
    await user.click(screen.getByRole('button', { name: 'Add Molecule' }));
    expect(rows()).toHaveLength(6);
  });

  it('builds from a list along the bond the user picks, the near side staying put', async () => {
    const { user, builder, rows, rowValues } = await openForm();
    enter(within(rows()[0]).getByLabelText('Geometry'), 'H 0 0 -1.06;C 0 0 0;N 0 0 1.15');
    await user.selectOptions(within(builder()).getByLabelText('Bond'), 'C2–N3 (1.150 Å)');
    await user.click(within(builder()).getByRole('radio', { name: 'A list' }));
    enter(within(builder()).getByLabelText('Bond lengths (Å)'), '1.1, 1.3');
    await user.click(within(builder()).getByRole('button', { name: 'Build Scan' }));
    expect(rowValues()).toEqual([
      { key: '1.1', geometry: 'H 0 0 -1.06; C 0 0 0; N 0 0 1.1' },
      { key: '1.3', geometry: 'H 0 0 -1.06; C 0 0 0; N 0 0 1.3' },
    ]);
  });

  it('says why it cannot build, and leaves the molecules as they were', async () => {
    const { user, builder, rowValues } = await openForm();
    const before = rowValues();
    enter(within(builder()).getByLabelText('Start (Å)'), '1.0');
    enter(within(builder()).getByLabelText('Stop (Å)'), '3.0');
    enter(within(builder()).getByLabelText('Step (Å)'), '0.05');
    await user.click(within(builder()).getByRole('button', { name: 'Build Scan' }));
    expect(within(builder()).getByRole('alert')).toHaveTextContent(SCAN_BUILDER_MESSAGES.tooMany(41, 20));
    expect(rowValues()).toEqual(before);
  });
});
