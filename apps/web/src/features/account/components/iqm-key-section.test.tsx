import type { AccountSettingsResponse } from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerConfirmation } from '../../../test/confirmation.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { signedInAs, SYSTEM_ADMIN } from '../../../test/session.ts';
import { IQM_KEY, OWN_SETTINGS, settingsServer } from '../testing/settings-server.ts';

const TITLE = 'IQM API Key';
const section = () => within(screen.getByRole('heading', { name: TITLE }).closest('section')!);
const WITH_KEY: AccountSettingsResponse = { ...OWN_SETTINGS, iqm_api_key: '***TAIL567890' };

async function openAsAdmin(
  settings: AccountSettingsResponse,
  options?: Parameters<typeof settingsServer>[1],
) {
  signedInAs(SYSTEM_ADMIN);
  const backend = settingsServer(settings, options);
  const view = renderApp('/?section=account');
  await screen.findByRole('heading', { name: TITLE });
  return { ...view, backend, iqm: section() };
}

describe('IQM API key section', () => {
  it('registers a key only when it has exactly 64 characters', async () => {
    const { user, iqm, backend } = await openAsAdmin(OWN_SETTINGS);
    expect(iqm.getByText('No IQM API key is registered.')).toBeInTheDocument();
    const input = iqm.getByLabelText('IQM API Key');
    const register = iqm.getByRole('button', { name: 'Register' });
    expect(input).toHaveAttribute('type', 'password');
    expect(register).toBeDisabled();

    await user.type(input, IQM_KEY.slice(0, 63));
    expect(register).toBeDisabled();
    expect(iqm.getByText('Please enter a valid 64-character IQM API Key. (63/64)')).toBeInTheDocument();
    await user.type(input, '0');
    expect(register).toBeEnabled();
    await user.type(input, 'x');
    expect(input).toHaveValue(`${IQM_KEY.slice(0, 63)}0x`);
    expect(register).toBeDisabled();
    expect(backend.changes()).toEqual([]);
  });

  it("sends the key, then shows only '***' and its last 10 characters, and says it was updated", async () => {
    const { user, iqm, backend } = await openAsAdmin(OWN_SETTINGS);
    await user.type(iqm.getByLabelText('IQM API Key'), IQM_KEY);
    await user.click(iqm.getByRole('button', { name: 'Register' }));

    expect(await iqm.findByText('IQM API Key updated successfully!')).toBeInTheDocument();
    expect(backend.changes()).toEqual([
      {
        method: 'PUT',
        path: '/account/settings/iqm',
        search: '?user_email=',
        body: { iqm_api_key: IQM_KEY },
      },
    ]);
    expect(iqm.getByText('API Key').nextSibling).toHaveTextContent('***TAIL567890');
    expect(iqm.getByText('Bucket').nextSibling).toHaveTextContent('iqm-resonance-TAIL567890');
    expect(document.body).not.toHaveTextContent(IQM_KEY);
    expect(iqm.queryByLabelText('IQM API Key')).not.toBeInTheDocument();
  });

  it("says 'Failed to update IQM API Key' when the server refuses", async () => {
    const { user, iqm } = await openAsAdmin(OWN_SETTINGS, { failChanges: { status: 400 } });
    await user.type(iqm.getByLabelText('IQM API Key'), IQM_KEY);
    await user.click(iqm.getByRole('button', { name: 'Register' }));
    expect(await iqm.findByRole('alert')).toHaveTextContent('Failed to update IQM API Key');
  });

  it('replaces a registered key, or goes back with Cancel', async () => {
    const { user, iqm, backend } = await openAsAdmin(WITH_KEY);
    await user.click(iqm.getByRole('button', { name: 'Update API Key' }));
    await user.click(iqm.getByRole('button', { name: 'Cancel' }));
    expect(iqm.getByText('***TAIL567890')).toBeInTheDocument();

    await user.click(iqm.getByRole('button', { name: 'Update API Key' }));
    const newKey = `${'n'.repeat(54)}NEWTAIL123`;
    await user.type(iqm.getByLabelText('IQM API Key'), newKey);
    await user.click(iqm.getByRole('button', { name: 'Register' }));
    expect(await iqm.findByText('***NEWTAIL123')).toBeInTheDocument();
    expect(backend.changes()).toHaveLength(1);
  });

  it('asks before removing the key, then removes it', async () => {
    const { user, iqm, backend } = await openAsAdmin(WITH_KEY);
    const removeKey = () => iqm.getByRole('button', { name: 'Remove API Key' });
    const dialog = await answerConfirmation(user, removeKey(), 'Remove IQM API Key', 'Cancel');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to remove your IQM API Key? This action cannot be undone.',
    );
    expect(backend.changes()).toEqual([]);

    await answerConfirmation(user, removeKey(), 'Remove IQM API Key', 'Remove');
    expect(await iqm.findByText('IQM API Key removed successfully!')).toBeInTheDocument();
    expect(backend.changes()).toEqual([
      { method: 'DELETE', path: '/account/settings', search: '?user_email=&provider=iqm', body: {} },
    ]);
    expect(iqm.getByText('No IQM API key is registered.')).toBeInTheDocument();
  });

  it("says 'Failed to remove IQM API Key' when the server refuses", async () => {
    const { user, iqm } = await openAsAdmin(WITH_KEY, { failChanges: { status: 500 } });
    await answerConfirmation(
      user,
      iqm.getByRole('button', { name: 'Remove API Key' }),
      'Remove IQM API Key',
      'Remove',
    );
    expect(await iqm.findByRole('alert')).toHaveTextContent('Failed to remove IQM API Key');
    expect(iqm.getByText('***TAIL567890')).toBeInTheDocument();
  });
});
