import { AUTH_MESSAGES, PASSWORD_RULE_TEXT } from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { signedInAs } from '../../../test/session.ts';
import { settingsServer } from '../testing/settings-server.ts';

function answerChangePassword(response: () => Response | Promise<Response>) {
  const calls: { body: unknown; authorization: string | null }[] = [];
  server.use(
    http.post(apiPath('/auth/change-password'), async ({ request }) => {
      calls.push({ body: await request.json(), authorization: request.headers.get('Authorization') });
      return response();
    }),
  );
  return calls;
}

async function openPasswordSection() {
  signedInAs();
  settingsServer();
  const view = renderApp('/?section=account');
  const heading = await screen.findByRole('heading', { name: 'Password' });
  return { ...view, section: within(heading.closest('section')!) };
}

type Section = Awaited<ReturnType<typeof openPasswordSection>>['section'];

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  section: Section,
  draft: { current?: string; next?: string; confirmation?: string } = {},
) {
  const { current = 'old-pass-123', next = 'new-pass-456', confirmation = next } = draft;
  if (current) await user.type(section.getByLabelText('Current Password'), current);
  await user.type(section.getByLabelText('New Password'), next);
  await user.type(section.getByLabelText('Confirm Password'), confirmation);
  await user.click(section.getByRole('button', { name: 'Change Password' }));
}

describe('account settings: password', () => {
  it("changes the password with the session's token, says so and empties the form", async () => {
    const calls = answerChangePassword(async () => {
      await delay(30);
      return HttpResponse.json({ message: AUTH_MESSAGES.passwordChanged });
    });
    const { user, section } = await openPasswordSection();
    expect(section.getByLabelText('New Password')).toHaveAccessibleDescription(PASSWORD_RULE_TEXT);

    await fill(user, section);
    expect(section.getByRole('button', { name: 'Changing...' })).toBeDisabled();

    expect(await section.findByText(AUTH_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        body: { current_password: 'old-pass-123', new_password: 'new-pass-456' },
        authorization: 'Bearer access-token',
      },
    ]);
    for (const label of ['Current Password', 'New Password', 'Confirm Password']) {
      expect(section.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByText('Welcome, ada@example.com')).toBeInTheDocument();
  });

  it.each([
    ['a wrong current password', AUTH_MESSAGES.currentPasswordWrong],
    ['a common password', AUTH_MESSAGES.passwordCommon],
    ['the same password again', AUTH_MESSAGES.passwordSameAsCurrent],
  ])("shows the server's refusal of %s word for word and stays signed in", async (_, message) => {
    answerChangePassword(() => HttpResponse.json({ message }, { status: 400 }));
    const { user, section } = await openPasswordSection();

    await fill(user, section);

    expect(await section.findByRole('alert')).toHaveTextContent(message);
    expect(section.getByLabelText('Current Password')).toHaveValue('old-pass-123');
    expect(localStorage.getItem('auth_token')).toBe('access-token');
  });

  it("falls back to 'Failed to change password.' when the server gives no message", async () => {
    answerChangePassword(() => new HttpResponse('bad gateway', { status: 502 }));
    const { user, section } = await openPasswordSection();

    await fill(user, section);

    expect(await section.findByRole('alert')).toHaveTextContent('Failed to change password.');
  });

  it.each([
    ['no current password', { current: '' }, 'Please enter your current password'],
    ['a different confirmation', { confirmation: 'new-pass-789' }, 'Passwords do not match.'],
    ['a short new password', { next: 'short' }, AUTH_MESSAGES.passwordTooShort],
  ])('refuses %s without calling the server', async (_, draft, message) => {
    const calls = answerChangePassword(() => HttpResponse.json({ message: 'unused' }));
    const { user, section } = await openPasswordSection();

    await fill(user, section, draft);

    expect(section.getByRole('alert')).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
  });
});
