import { API_TOKEN_MESSAGES, type AdminUser, type ApiToken } from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerConfirmation } from '../../../test/confirmation.ts';
import { SYSTEM_ADMIN } from '../../../test/session.ts';
import { recordRequests, renderSignedIn } from '../../organizations/testing/render-signed-in.tsx';
import { UserManagementSection } from './user-management-section.tsx';

const CAROL: AdminUser = {
  username: 'carol-uuid',
  email: 'carol@example.com',
  attributes: [{ Name: 'email', Value: 'carol@example.com' }],
  user_status: 'CONFIRMED',
  user_create_date: '2025-02-03T12:00:00.000Z',
  user_last_modified_date: '2025-02-03T12:00:00.000Z',
  roles: { system_admin: false, organizations: [] },
};

const NOTEBOOK: ApiToken = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Notebook',
  scope: 'jobs',
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2027-11-01T10:00:00.000Z',
  last_used_at: null,
  expired: false,
};

describe("a user's API tokens in User Management", () => {
  it('are listed for a system administrator, who can revoke them', async () => {
    let tokens = [NOTEBOOK];
    recordRequests('get', '/auth/admin/all-users', () =>
      HttpResponse.json({ users: [CAROL], next_token: null }),
    );
    const listed = recordRequests('get', '/auth/admin/users/:user/api-tokens', () =>
      HttpResponse.json({ tokens }),
    );
    const revoked = recordRequests('delete', '/auth/admin/users/:user/api-tokens/:id', ({ params }) => {
      tokens = tokens.filter((token) => token.id !== params.id);
      return HttpResponse.json({ message: API_TOKEN_MESSAGES.revoked });
    });
    const { user } = await renderSignedIn(<UserManagementSection />, SYSTEM_ADMIN);

    const row = await screen.findByRole('listitem', { name: CAROL.email });
    await user.click(within(row).getByRole('button', { name: 'API Tokens' }));
    const dialog = screen.getByRole('dialog', { name: `API Tokens of ${CAROL.email}` });
    const table = await within(dialog).findByRole('table', { name: 'API tokens' });
    expect(table).toHaveTextContent('Notebook');
    expect(table).toHaveTextContent('Jobs (read, create and cancel jobs)');
    expect(listed[0].params.user).toBe(CAROL.email);

    await answerConfirmation(
      user,
      within(table).getByRole('button', { name: 'Revoke Notebook' }),
      'Revoke API Token',
      'Revoke',
    );
    expect(await within(dialog).findByText('API token "Notebook" revoked')).toBeInTheDocument();
    expect(await within(dialog).findByText('This user has no API tokens.')).toBeInTheDocument();
    expect(revoked.map((request) => request.params)).toEqual([{ user: CAROL.email, id: NOTEBOOK.id }]);
  });
});
