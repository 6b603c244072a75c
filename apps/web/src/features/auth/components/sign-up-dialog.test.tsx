import { PASSWORD_RULE_TEXT } from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';

function answerRegister(response: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiPath('/auth/register'), async ({ request }) => {
      bodies.push(await request.json());
      return response();
    }),
  );
  return bodies;
}

function answerConfirm() {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiPath('/auth/confirm-email'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ message: 'Email confirmed successfully.' });
    }),
  );
  return bodies;
}

/** Everything the page could have left behind in the browser's storage. */
function storedValues(): string {
  const values = (storage: Storage) =>
    Array.from({ length: storage.length }, (_, index) => storage.getItem(storage.key(index)!));
  return [...values(localStorage), ...values(sessionStorage), document.cookie].join('\n');
}

async function openSignUp(path = '/login') {
  const view = renderApp(path);
  await view.user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Create your account' }) };
}

async function fillSignUp(
  user: ReturnType<typeof renderApp>['user'],
  dialog: HTMLElement,
  password = 'long-enough',
  confirmation = password,
) {
  await user.type(within(dialog).getByLabelText('Email Address'), 'new@example.com');
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.type(within(dialog).getByLabelText('Confirm Password'), confirmation);
  await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
}

describe('sign up dialog', () => {
  it('has its fields, buttons and the marketplace note', async () => {
    const { dialog } = await openSignUp();

    expect(within(dialog).getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(PASSWORD_RULE_TEXT);
    for (const label of ['Email Address', 'Password', 'Confirm Password']) {
      expect(within(dialog).getByLabelText(label)).toBeRequired();
    }
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Users who completed a SaaS subscription through the AWS marketplace should sign up with the same email address, and the subscription will be automatically linked.',
    );
    expect(within(dialog).queryByText('Marketplace Signup')).not.toBeInTheDocument();
  });

  it("shows 'Marketplace Signup' in marketplace mode", async () => {
    const { dialog } = await openSignUp('/login?source=marketplace');
    expect(within(dialog).getByText('Marketplace Signup')).toBeInTheDocument();
  });

  it('refuses mismatched passwords', async () => {
    const bodies = answerRegister(() => HttpResponse.json({ message: 'unused' }));
    const { user, dialog } = await openSignUp();

    await fillSignUp(user, dialog, 'long-enough', 'different-one');

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(bodies).toHaveLength(0);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const bodies = answerRegister(() => HttpResponse.json({ message: 'unused' }));
    const { user, dialog } = await openSignUp();

    await fillSignUp(user, dialog, 'short');

    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long.',
    );
    expect(bodies).toHaveLength(0);
  });

  it("registers with the e-mail as username, shows 'Creating Account...', then opens the confirmation", async () => {
    const bodies = answerRegister(async () => {
      await delay(50);
      return HttpResponse.json({ message: 'Registration successful.' }, { status: 201 });
    });
    const { user, dialog } = await openSignUp();

    await fillSignUp(user, dialog);
    expect(within(dialog).getByRole('button', { name: 'Creating Account...' })).toBeDisabled();

    const confirm = await screen.findByRole('dialog', { name: 'Confirm your email' });
    expect(confirm).toHaveTextContent(
      'Registration successful! Please check your email for verification code.',
    );
    expect(within(confirm).getByText('new@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create your account' })).not.toBeInTheDocument();
    expect(bodies).toEqual([
      { username: 'new@example.com', email: 'new@example.com', password: 'long-enough' },
    ]);
  });

  it('confirms with the password chosen at sign-up, kept out of every storage', async () => {
    answerRegister(() => HttpResponse.json({ message: 'Registration successful.' }, { status: 201 }));
    const confirmations = answerConfirm();
    const { user, dialog } = await openSignUp();

    await fillSignUp(user, dialog, 'chosen-at-sign-up');
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your email' });
    await user.type(within(confirm).getByLabelText('Confirmation Code'), '123456');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm Email' }));

    expect(await within(confirm).findByText(/Email verification successful!/)).toBeInTheDocument();
    expect(confirmations).toEqual([
      { username: 'new@example.com', confirmation_code: '123456', password: 'chosen-at-sign-up' },
    ]);
    expect(storedValues()).not.toContain('chosen-at-sign-up');
  });

  it('confirms an address registered earlier with the password chosen now', async () => {
    answerRegister(() =>
      HttpResponse.json({ message: 'User exists but email is not confirmed' }, { status: 409 }),
    );
    const confirmations = answerConfirm();
    const { user, dialog } = await openSignUp();

    await fillSignUp(user, dialog, 'the-owners-choice');
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your email' });
    await user.type(within(confirm).getByLabelText('Confirmation Code'), '654321');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm Email' }));

    await within(confirm).findByText(/Email verification successful!/);
    expect(confirmations).toEqual([
      { username: 'new@example.com', confirmation_code: '654321', password: 'the-owners-choice' },
    ]);
  });

  it('tells an already confirmed user to log in instead', async () => {
    answerRegister(() =>
      HttpResponse.json({ message: 'User already exists and is confirmed' }, { status: 409 }),
    );
    const { user, dialog } = await openSignUp();

    await fillSignUp(user, dialog);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This email is already registered. Please login instead.',
    );
  });

  it('opens the confirmation for a registered but unconfirmed e-mail', async () => {
    answerRegister(() =>
      HttpResponse.json({ message: 'User exists but email is not confirmed' }, { status: 409 }),
    );
    const { user, dialog } = await openSignUp();

    await fillSignUp(user, dialog);

    const confirm = await screen.findByRole('dialog', { name: 'Confirm your email' });
    expect(confirm).toHaveTextContent(
      'This email is registered but not confirmed. Please check your email for verification code or request a new one.',
    );
  });

  it("shows the server message of another failure, else 'Registration failed.'", async () => {
    answerRegister(() => HttpResponse.json({ message: 'Too many requests.' }, { status: 429 }));
    const { user, dialog } = await openSignUp();
    await fillSignUp(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests.');

    answerRegister(() => new HttpResponse(null, { status: 500 }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByText('Registration failed.')).toBeInTheDocument();
  });

  it('closes with Cancel', async () => {
    const { user, dialog } = await openSignUp();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
