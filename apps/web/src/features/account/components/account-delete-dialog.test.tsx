import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { signedInAs, type TestUser } from '../../../test/session.ts';
import { settingsServer } from '../testing/settings-server.ts';

async function openDeleteDialog(testUser?: TestUser) {
  signedInAs(testUser);
  settingsServer();
  const view = renderApp('/?section=account');
  await view.user.click(await screen.findByRole('button', { name: 'Delete Account' }));
  const dialog = screen.getByRole('dialog', { name: 'Confirm Account Deletion' });
  return { ...view, dialog };
}

async function confirmDeletion(
  { user, dialog }: Awaited<ReturnType<typeof openDeleteDialog>>,
  { word = 'DELETE', password = 'my-password' } = {},
) {
  if (word) await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), word);
  if (password) await user.type(within(dialog).getByLabelText('Password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
}

function recordDeletionCalls({ reauthStatus = 200, reauthMessage = 'Incorrect username or password.' } = {}) {
  const calls = { reauth: [] as unknown[], deleteTokens: [] as (string | null)[], logouts: 0 };
  server.use(
    http.post(apiPath('/auth/re-authenticate'), async ({ request }) => {
      calls.reauth.push(await request.json());
      return reauthStatus === 200
        ? HttpResponse.json({ reauth_token: 'reauth-1', expires_in: 300 })
        : HttpResponse.json({ message: reauthMessage }, { status: reauthStatus });
    }),
    http.delete(apiPath('/auth/me'), ({ request }) => {
      calls.deleteTokens.push(request.headers.get('X-Reauth-Token'));
      return HttpResponse.json({ message: 'Account deleted' });
    }),
    // The deleted account's session is already gone, so the logout that follows is refused.
    http.post(apiPath('/auth/logout'), () => {
      calls.logouts += 1;
      return HttpResponse.json({ message: 'Authentication required' }, { status: 401 });
    }),
  );
  return calls;
}

describe('delete account', () => {
  it('asks for the word DELETE first', async () => {
    const calls = recordDeletionCalls();
    const view = await openDeleteDialog();

    await confirmDeletion(view, { word: 'delete' });

    expect(within(view.dialog).getByRole('alert')).toHaveTextContent(
      'Please type DELETE to confirm account deletion',
    );
    expect(calls.reauth).toHaveLength(0);
  });

  it('then asks for the password', async () => {
    const calls = recordDeletionCalls();
    const view = await openDeleteDialog();

    await confirmDeletion(view, { password: '' });

    expect(within(view.dialog).getByRole('alert')).toHaveTextContent('Please enter your password to confirm');
    expect(calls.reauth).toHaveLength(0);
  });

  it('needs to know who the user is', async () => {
    const calls = recordDeletionCalls();
    const view = await openDeleteDialog({ email: '' });

    await confirmDeletion(view);

    expect(within(view.dialog).getByRole('alert')).toHaveTextContent('User information not available');
    expect(calls.reauth).toHaveLength(0);
  });

  it('re-authenticates, deletes with the re-auth token, logs out and shows the result on /login', async () => {
    const calls = recordDeletionCalls();
    const view = await openDeleteDialog();

    await confirmDeletion(view);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByText('Your account has been deleted successfully.')).toBeInTheDocument();
    expect(calls.reauth).toEqual([{ email: 'ada@example.com', password: 'my-password' }]);
    expect(calls.deleteTokens).toEqual(['reauth-1']);
    expect(calls.logouts).toBe(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user_email')).toBeNull();
  });

  it("says 'Failed to delete account' on a wrong password and keeps the session", async () => {
    const calls = recordDeletionCalls({ reauthStatus: 401 });
    const view = await openDeleteDialog();

    await confirmDeletion(view);

    expect(await within(view.dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete account. Incorrect username or password.',
    );
    expect(calls.deleteTokens).toHaveLength(0);
    expect(localStorage.getItem('auth_token')).toBe('access-token');
    expect(screen.getByTestId('location')).toHaveTextContent('/?section=account');
  });

  it('says how long to wait when re-authentication is throttled', async () => {
    const message = 'Too many requests. Please try again in 3 minutes.';
    const calls = recordDeletionCalls({ reauthStatus: 429, reauthMessage: message });
    const view = await openDeleteDialog();

    await confirmDeletion(view);

    expect(await within(view.dialog).findByRole('alert')).toHaveTextContent(
      `Failed to delete account. ${message}`,
    );
    expect(calls.deleteTokens).toHaveLength(0);
  });

  it('closes with Cancel', async () => {
    const { user, dialog } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
