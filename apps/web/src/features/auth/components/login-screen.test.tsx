import { AUTH_MESSAGES, BRAND, PASSWORD_RULE_TEXT } from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { signedInAs } from '../../../test/session.ts';

const TOKENS = { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 };

function answerLogin(response: Response | (() => Promise<Response>)) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiPath('/auth/login'), async ({ request }) => {
      bodies.push(await request.json());
      return typeof response === 'function' ? response() : response;
    }),
    http.get(apiPath('/auth/me/permissions'), () => HttpResponse.json({ permissions: [], groups: ['user'] })),
  );
  return bodies;
}

async function signIn(user: ReturnType<typeof renderApp>['user'], username = 'ada@example.com') {
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login screen', () => {
  it('names the product, shows its titles and required Username and Password fields', () => {
    renderApp('/login');

    expect(screen.getByText(BRAND.product)).toBeInTheDocument();
    expect(screen.getByText('Welcome back')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.queryByText('Marketplace Login')).not.toBeInTheDocument();
  });

  it('puts the keyboard in Username, the first field, as it opens', async () => {
    const { user } = renderApp('/login');

    expect(screen.getByLabelText('Username')).toHaveFocus();
    await user.keyboard('ada@example.com');
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Username')).toHaveValue('ada@example.com');
  });

  it("shows 'Signing in...', stores the session and goes to / on success", async () => {
    const bodies = answerLogin(async () => {
      await delay(50);
      return HttpResponse.json({
        challenge_name: null,
        session: null,
        ...TOKENS,
        user_email: 'ada@example.com',
        user_username: 'ada-uuid',
      });
    });
    const { user } = renderApp('/login');

    await signIn(user);
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();

    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(bodies).toEqual([{ username: 'ada@example.com', password: 'secret-pass' }]);
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(Number(localStorage.getItem('token_expires_at'))).toBeGreaterThan(Date.now() + 890_000);
    expect(localStorage.getItem('user_email')).toBe('ada@example.com');
  });

  it('shows the server message of a refused login', async () => {
    answerLogin(HttpResponse.json({ message: 'Incorrect username or password.' }, { status: 401 }));
    const { user } = renderApp('/login');

    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('clears a refused login once the e-mail is confirmed through sign-up', async () => {
    answerLogin(HttpResponse.json({ message: 'Incorrect username or password.' }, { status: 401 }));
    server.use(
      http.post(apiPath('/auth/register'), () =>
        HttpResponse.json({ message: 'Registration successful.' }, { status: 201 }),
      ),
      http.post(apiPath('/auth/confirm-email'), () =>
        HttpResponse.json({ message: 'Email confirmed successfully.' }),
      ),
    );
    const { user } = renderApp('/login');
    await signIn(user, 'new@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');

    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    const signUp = screen.getByRole('dialog', { name: 'Create your account' });
    await user.type(within(signUp).getByLabelText('Email Address'), 'new@example.com');
    await user.type(within(signUp).getByLabelText('Password'), 'long-enough');
    await user.type(within(signUp).getByLabelText('Confirm Password'), 'long-enough');
    await user.click(within(signUp).getByRole('button', { name: 'Create Account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your email' });
    await user.type(within(confirm).getByLabelText('Confirmation Code'), '123456');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm Email' }));

    expect(await within(confirm).findByText(/Email verification successful!/)).toBeInTheDocument();
    expect(screen.queryByText('Incorrect username or password.')).not.toBeInTheDocument();
  });

  it("falls back to 'Login failed.' when the server gives no message", async () => {
    answerLogin(new HttpResponse('bad gateway', { status: 502 }));
    const { user } = renderApp('/login');

    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed.');
  });

  it("opens the Confirm Email dialog when the login error says 'Email not confirmed'", async () => {
    answerLogin(HttpResponse.json({ message: 'Email not confirmed' }, { status: 403 }));
    const { user } = renderApp('/login');

    await signIn(user, 'new@example.com');

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your email' });
    expect(within(dialog).getByText('new@example.com')).toBeInTheDocument();
  });

  it('asks for a new password on a NEW_PASSWORD_REQUIRED challenge, then signs in', async () => {
    answerLogin(
      HttpResponse.json({
        challenge_name: 'NEW_PASSWORD_REQUIRED',
        session: 'challenge-session',
        access_token: null,
        refresh_token: null,
        expires_in: null,
        user_email: 'admin@example.com',
        user_username: 'admin-uuid',
      }),
    );
    const completions: unknown[] = [];
    server.use(
      http.post(apiPath('/auth/complete-new-password'), async ({ request }) => {
        completions.push(await request.json());
        return HttpResponse.json({ ...TOKENS, user_email: 'admin@example.com' });
      }),
    );
    const { user } = renderApp('/login');

    await signIn(user, 'admin@example.com');

    expect(
      await screen.findByText('This is your first login. Please set a new password.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByText('Welcome, admin@example.com')).toBeInTheDocument();
    expect(completions).toEqual([
      { username: 'admin@example.com', new_password: 'brand-new-pass', session: 'challenge-session' },
    ]);
    expect(localStorage.getItem('auth_token')).toBe('access-1');
  });

  it("shows the server's refusal of the first-login password word for word", async () => {
    answerLogin(
      HttpResponse.json({
        challenge_name: 'NEW_PASSWORD_REQUIRED',
        session: 'challenge-session',
        access_token: null,
        refresh_token: null,
        expires_in: null,
        user_email: 'admin@example.com',
        user_username: 'admin-uuid',
      }),
    );
    server.use(
      http.post(apiPath('/auth/complete-new-password'), () =>
        HttpResponse.json({ message: AUTH_MESSAGES.passwordSameAsInitial }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/login');
    await signIn(user, 'admin@example.com');

    const newPassword = await screen.findByLabelText('New Password');
    expect(newPassword).toHaveAccessibleDescription(PASSWORD_RULE_TEXT);
    await user.type(newPassword, 'secret-pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordSameAsInitial);
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeEnabled();
  });

  it("opens the Sign Up dialog from 'Don't have an account? Sign up' and from action=signup", async () => {
    const { user, unmount } = renderApp('/login');
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    unmount();

    renderApp('/login?action=signup');
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
  });

  it("shows 'Marketplace Login' for source=marketplace", () => {
    renderApp('/login?source=marketplace');
    expect(screen.getByText('Marketplace Login')).toBeInTheDocument();
  });

  it('stores a mapping id from the query and stays in marketplace mode while one is stored', () => {
    const { unmount } = renderApp('/login?mapping_id=map-42');
    expect(screen.getByText('Marketplace Login')).toBeInTheDocument();
    expect(localStorage.getItem('marketplace_mapping_id')).toBe('map-42');
    unmount();

    renderApp('/login');
    expect(screen.getByText('Marketplace Login')).toBeInTheDocument();
  });

  it('shows a message and pre-fills the e-mail handed over by another screen', () => {
    renderApp('/login', {
      state: {
        message: 'Account created successfully! Please log in with your credentials.',
        email: 'x@y.z',
      },
    });

    expect(
      screen.getByText('Account created successfully! Please log in with your credentials.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('x@y.z');
  });

  it('sends a signed-in user from /login to /', async () => {
    signedInAs();
    renderApp('/login');

    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
