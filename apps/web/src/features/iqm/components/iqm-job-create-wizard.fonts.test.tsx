import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubHangulFonts } from '../../../test/fonts.ts';
import { IQM_KEY_TAIL, mockPriorities } from '../../jobs/testing/job-fixtures.ts';
import { renderJobUi } from '../../jobs/testing/render-job-ui.tsx';
import { IqmJobCreateWizard } from './iqm-job-create-wizard.tsx';

describe('IQM job wizard where no font draws Korean', () => {
  beforeAll(() => stubHangulFonts(false));
  afterAll(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(document, 'fonts');
  });

  it('names its steps in English instead of drawing boxes', async () => {
    mockPriorities();
    const { user } = renderJobUi(
      <IqmJobCreateWizard apiKey={`***${IQM_KEY_TAIL}`} onClose={vi.fn()} onCreated={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Create IQM Job' });
    await within(dialog).findByRole('button', { name: /Quantum Lab/ });
    const steps = within(within(dialog).getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Basic SettingsBasic settings and device',
      '2Molecules and Exact EnergiesMolecules and exact energies',
      '3Advanced ParametersAdvanced parameters',
      '4Resource ConfirmationResource confirmation',
      '5Review and CreateReview and create',
    ]);
    expect(within(dialog).getByRole('heading', { name: 'Basic Settings' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('heading', { name: 'Molecules and Exact Energies' })).toBeInTheDocument();
  });
});
