import { AUTH_MESSAGES } from '@hivqe/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';

/** Reaches the dialog the way users do: a login refused because the e-mail is not confirmed. */
async function openConfirmDialog() {
  server.use(
    http.post(apiPath('/auth/login'), () =>
      HttpResponse.json({ message: 'Email not confirmed' }, { status: 403 }),
    ),
  );
  const view = renderApp('/login');
  await view.user.type(screen.getByLabelText('Username'), 'new@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'long-enough');
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your email' });
  return { ...view, dialog, codeField: within(dialog).getByLabelText('Confirmation Code') };
}

describe('confirm email dialog', () => {
  it('keeps only digits, at most six, and enables Confirm Email only with six', async () => {
    const { user, dialog, codeField } = await openConfirmDialog();
    const confirmButton = within(dialog).getByRole('button', { name: 'Confirm Email' });

    expect(codeField).toHaveAttribute('placeholder', '000000');
    expect(confirmButton).toBeDisabled();

    await user.type(codeField, '12a-3 4');
    expect(codeField).toHaveValue('1234');
    expect(confirmButton).toBeDisabled();

    await user.type(codeField, '5678');
    expect(codeField).toHaveValue('123456');
    expect(confirmButton).toBeEnabled();
  });

  it('refuses an incomplete code even when the form is submitted another way', async () => {
    const { user, dialog, codeField } = await openConfirmDialog();
    await user.type(codeField, '123');

    fireEvent.submit(codeField.closest('form')!);

    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please enter the 6-digit confirmation code.',
    );
  });

  it("shows 'Confirming...' while the code is checked", async () => {
    server.use(
      http.post(apiPath('/auth/confirm-email'), async () => {
        await delay(50);
        return HttpResponse.json({ message: 'Email confirmed successfully.' });
      }),
    );
    const { user, dialog, codeField } = await openConfirmDialog();

    await user.type(codeField, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Email' }));

    expect(within(dialog).getByRole('button', { name: 'Confirming...' })).toBeDisabled();
    expect(await within(dialog).findByRole('button', { name: 'Email Confirmed!' })).toBeDisabled();
  });

  it('confirms with the e-mail as username and the password just typed, then closes itself after 3 seconds', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath('/auth/confirm-email'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Email confirmed successfully.' });
      }),
    );
    const { user, dialog, codeField } = await openConfirmDialog();
    await user.type(codeField, '123456');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Email' }));
    // vi.waitFor moves the fake clock along as it polls, so the network answer can arrive.
    await vi.waitFor(() =>
      expect(
        within(dialog).getByText('Email verification successful! You can now sign in to your account.'),
      ).toBeInTheDocument(),
    );
    expect(bodies).toEqual([
      { username: 'new@example.com', confirmation_code: '123456', password: 'long-enough' },
    ]);

    await act(() => vi.advanceTimersByTimeAsync(2_800));
    expect(screen.getByRole('dialog', { name: 'Confirm your email' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('new@example.com');
  });

  it("shows the server message of a refused code, else 'Email confirmation failed.'", async () => {
    server.use(
      http.post(apiPath('/auth/confirm-email'), () =>
        HttpResponse.json({ message: 'Invalid confirmation code.' }, { status: 400 }),
      ),
    );
    const { user, dialog, codeField } = await openConfirmDialog();
    await user.type(codeField, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Email' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid confirmation code.');

    server.use(http.post(apiPath('/auth/confirm-email'), () => new HttpResponse(null, { status: 502 })));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Email' }));
    expect(await within(dialog).findByText('Email confirmation failed.')).toBeInTheDocument();
  });

  it("resends the code, showing 'Sending...' and then the server's reply", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath('/auth/resend-confirmation'), async ({ request }) => {
        bodies.push(await request.json());
        await delay(50);
        return HttpResponse.json({ message: AUTH_MESSAGES.codeSent });
      }),
    );
    const { user, dialog } = await openConfirmDialog();

    await user.click(within(dialog).getByRole('button', { name: "Didn't receive the code? Resend" }));
    expect(within(dialog).getByRole('button', { name: 'Sending...' })).toBeDisabled();

    expect(await within(dialog).findByText(AUTH_MESSAGES.codeSent)).toBeInTheDocument();
    expect(bodies).toEqual([{ username: 'new@example.com' }]);
  });

  it("says 'Failed to resend confirmation code.' when the resend fails", async () => {
    server.use(
      http.post(apiPath('/auth/resend-confirmation'), () =>
        HttpResponse.json({ message: 'User not found' }, { status: 404 }),
      ),
    );
    const { user, dialog } = await openConfirmDialog();

    await user.click(within(dialog).getByRole('button', { name: "Didn't receive the code? Resend" }));

    expect(await within(dialog).findByText('Failed to resend confirmation code.')).toBeInTheDocument();
  });

  it("returns to sign-in with 'Already confirmed? Sign in' and with the close button", async () => {
    const { user, dialog } = await openConfirmDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Already confirmed? Sign in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const reopened = await screen.findByRole('dialog', { name: 'Confirm your email' });
    await user.click(within(reopened).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
