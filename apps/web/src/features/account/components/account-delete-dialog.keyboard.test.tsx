import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTabKeptIn } from '../../../test/focus.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { signedInAs } from '../../../test/session.ts';
import { settingsServer } from '../testing/settings-server.ts';

async function openDeleteDialogFromKeyboard() {
  signedInAs();
  settingsServer();
  const view = renderApp('/?section=account');
  const opener = await screen.findByRole('button', { name: 'Delete Account' });
  opener.focus();
  await view.user.keyboard('{Enter}');
  return { ...view, opener, dialog: screen.getByRole('dialog', { name: 'Confirm Account Deletion' }) };
}

describe('delete account dialog from the keyboard', () => {
  it('takes focus to its first field and keeps Tab inside it', async () => {
    const { user, dialog } = await openDeleteDialogFromKeyboard();

    await waitFor(() => expect(screen.getByLabelText('Type DELETE to confirm')).toHaveFocus());
    await expectTabKeptIn(user, dialog, 8);
  });

  it('closes on Escape and gives focus back to Delete Account', async () => {
    const { user, opener } = await openDeleteDialogFromKeyboard();
    await waitFor(() => expect(screen.getByLabelText('Type DELETE to confirm')).toHaveFocus());

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
