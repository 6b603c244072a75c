import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { PLATFORM_SETTINGS } from '../../account/testing/settings-server.ts';

const MAPPING_ID = '6f1c2a8e-2d4b-4c1e-9f3a-0b1c2d3e4f50';

/** A login that succeeds, and a completion call answering `completion`; returns the completion bodies. */
function loginServer(completion: () => Response) {
  const completions: unknown[] = [];
  server.use(
    http.post(apiPath('/auth/login'), () =>
      HttpResponse.json({
        challenge_name: null,
        session: null,
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        expires_in: 900,
        user_email: 'ada@example.com',
        user_username: 'ada-uuid',
      }),
    ),
    http.get(apiPath('/auth/me/permissions'), () => HttpResponse.json({ permissions: [], groups: ['user'] })),
    // The dashboard that opens after the login reads the settings.
    http.get(apiPath('/account/settings'), () => HttpResponse.json(PLATFORM_SETTINGS)),
    http.post(apiPath('/auth/marketplace-mapping/complete'), async ({ request }) => {
      completions.push({ body: await request.json(), authorization: request.headers.get('Authorization') });
      return completion();
    }),
  );
  return completions;
}

const completed = () =>
  HttpResponse.json({
    mapping_completed: true,
    message: 'Your AWS Marketplace subscription is linked to your account.',
    mapping: {
      mapping_id: MAPPING_ID,
      aws_account_id: '444455556666',
      customer_id: 'cust-1',
      product_code: 'prod-1',
      linked_at: '2026-01-01T00:00:00.000Z',
    },
  });

async function signIn(path: string) {
  const { user } = renderApp(path);
  await user.type(screen.getByLabelText('Username'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByText('Welcome, ada@example.com');
}

describe('login in marketplace mode', () => {
  it("shows 'Marketplace Login' and stores the mapping id of the query", () => {
    renderApp(`/login?source=marketplace&mapping_id=${MAPPING_ID}`);
    expect(screen.getByText('Marketplace Login')).toBeInTheDocument();
    expect(localStorage.getItem('marketplace_mapping_id')).toBe(MAPPING_ID);
  });

  it('links the account with the stored mapping id and clears it when mapping_completed', async () => {
    const completions = loginServer(completed);
    await signIn(`/login?source=marketplace&mapping_id=${MAPPING_ID}`);

    expect(completions).toEqual([{ body: { mapping_id: MAPPING_ID }, authorization: 'Bearer access-1' }]);
    expect(localStorage.getItem('marketplace_mapping_id')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it.each([
    [404, 'This AWS Marketplace registration does not exist or has expired.'],
    [409, 'This AWS Marketplace subscription is already linked to another account.'],
  ])(
    'forgets a mapping that can never complete (%i), and the login still succeeds',
    async (status, message) => {
      loginServer(() => HttpResponse.json({ message }, { status }));
      await signIn(`/login?mapping_id=${MAPPING_ID}`);
      expect(localStorage.getItem('marketplace_mapping_id')).toBeNull();
    },
  );

  it('keeps the stored id when the server could not complete it now', async () => {
    loginServer(() => HttpResponse.json({ message: 'down' }, { status: 503 }));
    await signIn(`/login?mapping_id=${MAPPING_ID}`);
    expect(localStorage.getItem('marketplace_mapping_id')).toBe(MAPPING_ID);
  });

  it('does not call completion outside marketplace mode', async () => {
    const completions = loginServer(completed);
    await signIn('/login');
    expect(completions).toEqual([]);
  });
});
