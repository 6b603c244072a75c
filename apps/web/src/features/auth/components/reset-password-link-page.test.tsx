import { AUTH_MESSAGES } from '@hivqe/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';

const TOKEN = 'Abc_def-123'.padEnd(43, 'x');

/** Records every body sent to the link route and answers with `response`. */
function answerReset(response: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiPath('/auth/reset-password-with-link'), async ({ request }) => {
      bodies.push(await request.json());
      return response();
    }),
  );
  return bodies;
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], password: string) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), password);
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
}

describe('the reset link page (issue 24, 3)', () => {
  it('takes the token out of the address at once, sends it with the new password, then signs in afresh', async () => {
    const bodies = answerReset(() => HttpResponse.json({ message: AUTH_MESSAGES.passwordReset }));
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password$/));
    await fillAndSubmit(user, 'a new passphrase 5');
    expect(await screen.findByText(AUTH_MESSAGES.passwordReset)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(bodies).toEqual([{ token: TOKEN, password: 'a new passphrase 5' }]);
  });

  it("shows the server's refusal of a used link on the form", async () => {
    answerReset(() => HttpResponse.json({ message: AUTH_MESSAGES.resetLinkInvalid }, { status: 400 }));
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await fillAndSubmit(user, 'a new passphrase 5');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetLinkInvalid);
  });

  it('says a link without a well-formed token is invalid, and sends nothing', async () => {
    const bodies = answerReset(() => HttpResponse.json({ message: AUTH_MESSAGES.passwordReset }));
    renderApp('/reset-password?token=short');
    expect(await screen.findByText(AUTH_MESSAGES.resetLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
