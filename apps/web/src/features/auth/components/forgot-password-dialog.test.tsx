import { AUTH_MESSAGES, PASSWORD_RULE_TEXT } from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';

type User = ReturnType<typeof renderApp>['user'];

/** Records every body sent to `path` and answers with `response`. */
function answer(path: string, response: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiPath(path), async ({ request }) => {
      bodies.push(await request.json());
      return response();
    }),
  );
  return bodies;
}

const codeSent = () => HttpResponse.json({ message: AUTH_MESSAGES.forgotPasswordSent });
const refused =
  (message: string, status = 400) =>
  () =>
    HttpResponse.json({ message }, { status });

/** From the login screen, with `typed` in Username (and `password` in Password), to the dialog's first step. */
async function openForgotPassword(typed = '', password = '') {
  const view = renderApp('/login');
  if (typed) await view.user.type(screen.getByLabelText('Username'), typed);
  if (password) await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Reset your password' }) };
}

/** Both steps' fields filled in; the Reset Password click is left to the test. */
async function requestCodeAndFill(
  user: User,
  dialog: HTMLElement,
  draft: { code?: string; password?: string; confirmation?: string } = {},
) {
  const { code = '123456', password = 'brand-new-pass', confirmation = password } = draft;
  await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
  await within(dialog).findByText(AUTH_MESSAGES.forgotPasswordSent);
  await user.type(within(dialog).getByLabelText('Confirmation Code'), code);
  await user.type(within(dialog).getByLabelText('New Password'), password);
  await user.type(within(dialog).getByLabelText('Confirm Password'), confirmation);
}

describe('forgot password', () => {
  it('mails a code, sets the new password with it, and returns to sign-in with the e-mail filled in', async () => {
    const requests = answer('/auth/forgot-password', async () => {
      await delay(30);
      return codeSent();
    });
    const resets = answer('/auth/confirm-forgot-password', async () => {
      await delay(30);
      return HttpResponse.json({ message: AUTH_MESSAGES.passwordReset });
    });
    const { user, dialog } = await openForgotPassword('  ada@example.com ', 'old-typed-pass');

    expect(within(dialog).getByLabelText('Email Address')).toHaveValue('ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(within(dialog).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(await within(dialog).findByText(AUTH_MESSAGES.forgotPasswordSent)).toBeInTheDocument();
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New Password')).toHaveAccessibleDescription(PASSWORD_RULE_TEXT);

    const resetButton = within(dialog).getByRole('button', { name: 'Reset Password' });
    await user.type(within(dialog).getByLabelText('Confirmation Code'), '12a345');
    expect(resetButton).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Confirmation Code'), '6');
    await user.type(within(dialog).getByLabelText('New Password'), 'brand-new-pass');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'brand-new-pass');
    await user.click(resetButton);
    expect(within(dialog).getByRole('button', { name: 'Resetting...' })).toBeDisabled();

    expect(await screen.findByText(AUTH_MESSAGES.passwordReset)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(requests).toEqual([{ email: 'ada@example.com' }]);
    expect(resets).toEqual([{ email: 'ada@example.com', code: '123456', password: 'brand-new-pass' }]);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("shows the server's message for a wrong code and lets the user try again", async () => {
    answer('/auth/forgot-password', codeSent);
    const resets = answer('/auth/confirm-forgot-password', refused(AUTH_MESSAGES.codeInvalid));
    const { user, dialog } = await openForgotPassword('ada@example.com');

    await requestCodeAndFill(user, dialog, { code: '000000' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.codeInvalid);
    expect(within(dialog).getByRole('button', { name: 'Reset Password' })).toBeEnabled();
    expect(resets).toHaveLength(1);
  });

  it("shows the server's refusal of a common password word for word, else a fallback", async () => {
    answer('/auth/forgot-password', codeSent);
    answer('/auth/confirm-forgot-password', refused(AUTH_MESSAGES.passwordCommon));
    const { user, dialog } = await openForgotPassword('ada@example.com');

    await requestCodeAndFill(user, dialog, { password: 'password123' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordCommon);

    answer('/auth/confirm-forgot-password', () => new HttpResponse(null, { status: 502 }));
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Failed to reset password.')).toBeInTheDocument();
  });

  it.each([
    ['a different confirmation', { confirmation: 'other-new-pass' }, 'Passwords do not match.'],
    ['seven characters', { password: 'seven77' }, AUTH_MESSAGES.passwordTooShort],
    ['seven emoji (fourteen UTF-16 units)', { password: '🔑'.repeat(7) }, AUTH_MESSAGES.passwordTooShort],
    ['spaces only', { password: ' '.repeat(8) }, AUTH_MESSAGES.passwordBlank],
  ])('refuses %s without calling the server', async (_, draft, message) => {
    answer('/auth/forgot-password', codeSent);
    const resets = answer('/auth/confirm-forgot-password', () => HttpResponse.json({ message: 'unused' }));
    const { user, dialog } = await openForgotPassword('ada@example.com');

    await requestCodeAndFill(user, dialog, draft);
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(resets).toHaveLength(0);
  });

  it("resends the code to the same address and shows the server's reply", async () => {
    const requests = answer('/auth/forgot-password', codeSent);
    const { user, dialog } = await openForgotPassword('ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await within(dialog).findByText(AUTH_MESSAGES.forgotPasswordSent);

    const resends = answer(
      '/auth/forgot-password',
      refused('Too many requests. Please try again in 2 minutes.', 429),
    );
    await user.click(within(dialog).getByRole('button', { name: "Didn't receive the code? Resend" }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in 2 minutes.',
    );
    expect([...requests, ...resends]).toEqual([{ email: 'ada@example.com' }, { email: 'ada@example.com' }]);
  });

  it("shows the server's refusal of the code request and keeps the first step", async () => {
    answer('/auth/forgot-password', refused('Invalid email address', 400));
    const { user, dialog } = await openForgotPassword();

    await user.type(within(dialog).getByLabelText('Email Address'), 'x@y.z');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(within(dialog).queryByLabelText('Confirmation Code')).not.toBeInTheDocument();
  });

  it('closes with Cancel, back to the login screen', async () => {
    const { user, dialog } = await openForgotPassword();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });
});
