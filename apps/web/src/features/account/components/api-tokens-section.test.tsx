import {
  API_TOKEN_MESSAGES,
  type ApiToken,
  type CreateApiTokenRequest,
  type CreateApiTokenResponse,
} from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerConfirmation } from '../../../test/confirmation.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { signedInAs } from '../../../test/session.ts';
import { settingsServer } from '../testing/settings-server.ts';

const TOKEN_VALUE = `hvq_pat_${'s'.repeat(43)}`;

const LAPTOP: ApiToken = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Laptop',
  scope: 'read',
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-01T10:00:00.000Z',
  last_used_at: '2026-11-20T08:30:00.000Z',
  expired: false,
};

/** A stateful /account/api-tokens that behaves like the server; returns the bodies of the creates it saw. */
function tokensServer(initial: ApiToken[], { refuseCreate }: { refuseCreate?: string } = {}) {
  let tokens = initial;
  const created: unknown[] = [];
  server.use(
    http.get(apiPath('/account/api-tokens'), () => HttpResponse.json({ tokens })),
    http.post(apiPath('/account/api-tokens'), async ({ request }) => {
      const body = (await request.json()) as CreateApiTokenRequest;
      created.push(body);
      if (refuseCreate) return HttpResponse.json({ message: refuseCreate }, { status: 409 });
      const token: ApiToken = {
        id: '22222222-2222-4222-8222-222222222222',
        name: body.name,
        scope: body.scope,
        created_at: '2026-11-28T10:00:00.000Z',
        expires_at: new Date(
          Date.parse('2026-11-28T10:00:00.000Z') + body.expires_in_days * 86_400_000,
        ).toISOString(),
        last_used_at: null,
        expired: false,
      };
      tokens = [...tokens, token];
      return HttpResponse.json({ token: TOKEN_VALUE, api_token: token } satisfies CreateApiTokenResponse, {
        status: 201,
      });
    }),
    http.delete(apiPath('/account/api-tokens/:id'), ({ params }) => {
      tokens = tokens.filter((token) => token.id !== params.id);
      return HttpResponse.json({ message: API_TOKEN_MESSAGES.revoked });
    }),
  );
  return { created };
}

async function openTokens(initial: ApiToken[], options?: Parameters<typeof tokensServer>[1]) {
  signedInAs();
  const backend = tokensServer(initial, options);
  const view = renderApp('/?section=account&tab=api-tokens');
  await screen.findByRole('heading', { name: 'API Tokens' });
  return { ...view, backend };
}

const table = () => screen.findByRole('table', { name: 'API tokens' });

describe('API tokens tab', () => {
  it('lists tokens with their scope, expiry and last use', async () => {
    await openTokens([LAPTOP, { ...LAPTOP, id: '3', name: 'Old', expired: true, last_used_at: null }]);
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Laptop');
    expect(rows[1]).toHaveTextContent('Read only');
    expect(rows[1]).toHaveTextContent('Dec 1, 2026');
    expect(within(rows[1]).getByText(/Nov 20, 2026/)).toHaveAttribute('datetime', LAPTOP.last_used_at);
    expect(rows[2]).toHaveTextContent('Expired');
    expect(rows[2]).toHaveTextContent('Never');
  });

  it('is reached from the Account Settings tabs', async () => {
    signedInAs();
    tokensServer([]);
    settingsServer();
    const { user } = renderApp('/?section=account');
    await user.click(await screen.findByRole('tab', { name: 'API Tokens' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?section=account&tab=api-tokens');
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
  });

  it('creates a token and shows it once, with the lines to start from', async () => {
    const { user, backend } = await openTokens([]);
    await user.click(screen.getByRole('button', { name: 'Create Token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API Token' });
    await user.type(within(dialog).getByLabelText('Name'), 'H2 notebook');
    await user.selectOptions(within(dialog).getByLabelText('Scope'), 'jobs');
    await user.selectOptions(within(dialog).getByLabelText('Expiration'), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));

    expect(await screen.findByText(/will not be shown again/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.created).toEqual([{ name: 'H2 notebook', scope: 'jobs', expires_in_days: 90 }]);
    const example = screen.getByLabelText('Shell example');
    expect(example).toHaveTextContent(`export HIVQE_TOKEN='${TOKEN_VALUE}'`);
    expect(example).toHaveTextContent('Authorization: Bearer $HIVQE_TOKEN');
    expect(example).toHaveTextContent(`${window.location.origin}/api/v1/hi-vqe/hybrid-jobs`);
    expect(screen.getByLabelText('Python example')).toHaveTextContent(
      `client = Client('${window.location.origin}', token='${TOKEN_VALUE}')`,
    );

    await user.click(screen.getByRole('button', { name: 'Copy API token' }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN_VALUE);
    expect(await screen.findByText('API token copied to clipboard!')).toBeInTheDocument();
    expect(within(await table()).getByText('H2 notebook')).toBeInTheDocument();

    // Once dismissed the value is gone from the page for good.
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(document.body).not.toHaveTextContent(TOKEN_VALUE);
    expect(screen.getByLabelText('Shell example')).toHaveTextContent("export HIVQE_TOKEN='<your token>'");
  });

  it("checks the name before sending, and shows the server's refusal", async () => {
    const { user, backend } = await openTokens([], { refuseCreate: API_TOKEN_MESSAGES.tooMany });
    await user.click(screen.getByRole('button', { name: 'Create Token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API Token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(within(dialog).getByText(API_TOKEN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.created).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'one more');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(API_TOKEN_MESSAGES.tooMany);
    expect(backend.created).toEqual([{ name: 'one more', scope: 'read', expires_in_days: 30 }]);
  });

  it('revokes a token after confirmation', async () => {
    const { user } = await openTokens([LAPTOP]);
    const revoke = within(await table()).getByRole('button', { name: 'Revoke Laptop' });
    await answerConfirmation(user, revoke, 'Revoke API Token', 'Cancel');
    expect(within(await table()).getByText('Laptop')).toBeInTheDocument();

    const dialog = await answerConfirmation(user, revoke, 'Revoke API Token', 'Revoke');
    expect(dialog).toHaveTextContent('Revoke the token "Laptop"?');
    expect(await screen.findByText('API token "Laptop" revoked')).toBeInTheDocument();
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
  });
});
