import { PASSWORD_RULE_TEXT, type InvitationLookup } from '@hivqe/contract';
import { fireEvent, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';
import {
  advance,
  failure,
  fakeTimeouts,
  recordRequests,
} from '../../organizations/testing/render-signed-in.tsx';

const TOKEN = 'Tk3n-of_43-base64url-characters-0123456789A';

const PENDING: InvitationLookup = {
  email: 'invitee@example.com',
  role: 'organization_owner',
  org_name: 'Quantum Lab',
  expires_at: '2025-03-11T12:00:00.000Z',
  account_exists: false,
};

/** What the server says about the link: the invitation, or why it cannot be accepted. */
function answerLookup(response: () => Response = () => HttpResponse.json(PENDING)) {
  return recordRequests('post', '/auth/invites/lookup', response);
}

type User = ReturnType<typeof renderApp>['user'];

interface Draft {
  name?: string;
  password?: string;
  confirmation?: string;
}

async function fillIn(
  user: User,
  { name = 'Grace Hopper', password = 'Str0ng!pass', confirmation }: Draft = {},
) {
  confirmation ??= password;
  if (name) await user.type(screen.getByLabelText('Full Name'), name);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm Password'), confirmation);
}

function answerAccept(response: () => Response | Promise<Response>) {
  return recordRequests('post', '/auth/invites/accept', response);
}

function answerLogin(status: 200 | 401) {
  server.use(
    http.get(apiPath('/auth/me/permissions'), () => HttpResponse.json({ permissions: [], groups: ['user'] })),
  );
  return recordRequests('post', '/auth/login', () =>
    status === 200
      ? HttpResponse.json({
          challenge_name: null,
          session: null,
          access_token: 'access-1',
          refresh_token: 'refresh-1',
          expires_in: 900,
          user_email: 'invitee@example.com',
          user_username: 'invitee-uuid',
        })
      : HttpResponse.json({ message: 'Incorrect username or password.' }, { status: 401 }),
  );
}

/** Opens the link of a pending invitation and waits for its form. */
async function openInvitation(lookup: InvitationLookup = PENDING, token = TOKEN) {
  const lookups = answerLookup(() => HttpResponse.json(lookup));
  const view = renderApp(`/invite/accept?token=${encodeURIComponent(token)}`);
  await screen.findByRole('heading', { name: 'Accept Invitation' });
  return { ...view, lookups };
}

const accepted =
  (email = 'invitee@example.com') =>
  () =>
    HttpResponse.json({ email, message: 'Invitation accepted.' });

describe('accept invitation page', () => {
  it('explains a link without a token and offers the login page', async () => {
    const { user } = renderApp('/invite/accept');

    expect(screen.getByRole('heading', { name: 'Invalid Invitation' })).toBeInTheDocument();
    expect(screen.getByText('This invitation link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid invitation link - missing token');

    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('asks a public visitor for a name and a password, with the password hint and a way to sign in', async () => {
    const { user } = await openInvitation();

    expect(screen.getByRole('heading', { name: 'Accept Invitation' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(PASSWORD_RULE_TEXT);
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('link', { name: 'Already have an account? Sign in' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it.each([
    ['a blank name', { name: '   ' }, 'Name is required'],
    [
      'a short password',
      { password: 'Sh0rt!', confirmation: 'Sh0rt!' },
      'Password must be at least 8 characters long.',
    ],
    ['seven characters of two UTF-16 units each', { password: '😀'.repeat(7) }, 'at least 8 characters'],
    ['a different confirmation', { confirmation: 'Other!pass1' }, 'Passwords do not match.'],
  ])('refuses %s without calling the server', async (_, draft, message) => {
    const calls = answerAccept(accepted());
    const { user } = await openInvitation();

    await fillIn(user, draft);
    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));

    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
  });

  it('says up front for whom and to what the invitation is, after looking the token up', async () => {
    const { lookups } = await openInvitation(PENDING, ` ${TOKEN} `);

    expect(lookups.map((request) => request.body)).toEqual([{ token: TOKEN }]);
    expect(screen.getByText(/You are invited to join/)).toHaveTextContent(
      'You are invited to join Quantum Lab as Org Owner.',
    );
    expect(screen.getByText(/Invitation for/)).toHaveTextContent('Invitation for invitee@example.com');
    expect(screen.getByText('Choose your name and a password to create your account.')).toBeInTheDocument();
  });

  it('names the role of an invitation without an organization', async () => {
    await openInvitation({ ...PENDING, role: 'system_admin', org_name: null });
    expect(screen.getByText('You are invited to join as System Admin.')).toBeInTheDocument();
  });

  it('asks an existing account only for its password, and sends no name', async () => {
    const calls = answerAccept(accepted());
    answerLogin(200);
    const { user } = await openInvitation({ ...PENDING, account_exists: true });

    expect(
      screen.getByText('An account already exists for this address: enter its password to accept.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');

    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password');
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Password'), 'their own pass');
    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(
      screen.getByText('Invitation accepted. You will be redirected to the dashboard shortly.'),
    ).toBeInTheDocument();
    expect(calls.map((request) => request.body)).toEqual([{ token: TOKEN, password: 'their own pass' }]);
  });

  it.each([
    ['a used link', failure('This invitation has already been accepted. Please sign in.', 409)],
    ['an unknown link', failure('Invalid invitation token', 400)],
    ['a cancelled link', failure('This invitation has been cancelled.', 400)],
  ])('says so for %s before any field is shown', async (_, response) => {
    const message = ((await response.clone().json()) as { message: string }).message;
    answerLookup(() => response);
    const { user } = renderApp(`/invite/accept?token=${TOKEN}`);

    expect(screen.getByText('Checking invitation...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it.each([['short'], ['invitee%40example.com%3Aopaque-secret'], ['A'.repeat(44)]])(
    "refuses the malformed token %s with 'Invalid invitation token' without calling the server",
    (token) => {
      const lookups = answerLookup();
      renderApp(`/invite/accept?token=${token}`);

      expect(screen.getByRole('heading', { name: 'Invalid Invitation' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid invitation token');
      expect(lookups).toHaveLength(0);
    },
  );

  it('creates the account, welcomes, signs in with the returned e-mail and goes home after 2 s', async () => {
    const calls = answerAccept(async () => {
      await delay(30);
      return accepted()();
    });
    const logins = answerLogin(200);
    const { user } = await openInvitation();
    await fillIn(user, { name: '  Grace Hopper ' });

    fakeTimeouts();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await advance(10);
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    await advance(100);

    expect(screen.getByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your account has been created successfully. You will be redirected to the dashboard shortly.',
      ),
    ).toBeInTheDocument();
    expect(calls.map((request) => request.body)).toEqual([
      { token: TOKEN, name: 'Grace Hopper', password: 'Str0ng!pass' },
    ]);
    expect(logins.map((request) => request.body)).toEqual([
      { username: 'invitee@example.com', password: 'Str0ng!pass' },
    ]);

    await advance(1800);
    expect(screen.getByTestId('location')).toHaveTextContent('/invite/accept');
    await advance(200);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('auth_token')).toBe('access-1');
  });

  it('falls back to the login page after 3 s, with a message and the e-mail, when signing in fails', async () => {
    answerAccept(accepted(''));
    const logins = answerLogin(401);
    const { user } = await openInvitation();
    await fillIn(user);

    fakeTimeouts();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await advance(100);

    expect(screen.getByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    // The answer carried no e-mail, so the invitation's address is used.
    expect(logins.map((request) => request.body)).toEqual([
      { username: 'invitee@example.com', password: 'Str0ng!pass' },
    ]);

    await advance(2800);
    expect(screen.getByTestId('location')).toHaveTextContent('/invite/accept');
    await advance(200);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(
      screen.getByText('Account created successfully! Please log in with your credentials.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('invitee@example.com');
  });

  it.each([
    [
      'the server message',
      failure('This invitation has expired. Ask for a new one.', 400),
      'This invitation has expired.',
    ],
    ['the fallback', failure(), 'Failed to accept invitation. Please try again.'],
  ])('shows %s when accepting fails', async (_, response, text) => {
    answerAccept(() => response);
    const { user } = await openInvitation();

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { name: 'Accept Invitation' })).toBeInTheDocument();
  });
});
