import { ADMIN_JOBS_PATH, type AdminUser, type AuthEvent } from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { signedInAs, SYSTEM_ADMIN } from '../../../test/session.ts';
import {
  CHEM_GROUP_ID,
  organization,
  PHYSICS_CLUB_ID,
  QUANTUM_LAB_ID,
} from '../../organizations/testing/fixtures.ts';
import { failure, recordRequests, renderSignedIn } from '../../organizations/testing/render-signed-in.tsx';
import { AdminPanel } from './admin-panel.tsx';

function adminUser(email: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    username: `${email.split('@')[0]}-uuid`,
    email,
    attributes: [{ Name: 'email', Value: email }],
    user_status: 'CONFIRMED',
    user_create_date: '2025-01-15T12:00:00.000Z',
    user_last_modified_date: '2025-01-15T12:00:00.000Z',
    roles: { system_admin: false, organizations: [] },
    ...overrides,
  };
}

const ADA = adminUser('ada@example.com', {
  roles: {
    system_admin: true,
    organizations: [{ org_id: QUANTUM_LAB_ID, org_name: 'Quantum Lab', role: 'organization_owner' }],
  },
});
const CAROL = adminUser('carol@example.com', {
  user_status: 'UNCONFIRMED',
  user_create_date: '2025-02-03T12:00:00.000Z',
  roles: {
    system_admin: false,
    organizations: [{ org_id: CHEM_GROUP_ID, org_name: 'Chem Group', role: 'organization_member' }],
  },
});
const GRACE = adminUser('grace@example.com', { roles: { system_admin: true, organizations: [] } });
const DAVE = adminUser('dave@example.com', { user_status: 'FORCE_CHANGE_PASSWORD' });
const ERIN = adminUser('erin@example.com', { user_status: 'ARCHIVED' });

const ORGANIZATIONS = [
  organization(),
  organization({ org_id: CHEM_GROUP_ID, name: 'Chem Group', owner_id: 'bob@example.com', role: null }),
  organization({ org_id: PHYSICS_CLUB_ID, name: 'Physics Club', owner_id: 'erin@example.com', role: null }),
];

/** Two pages of users (Load More follows next_token); a search keeps the users whose e-mail contains it. */
function serveUsers() {
  const requests = recordRequests('get', '/auth/admin/all-users', ({ url }) => {
    const search = url.searchParams.get('search');
    if (search) {
      return HttpResponse.json({
        users: [ADA, CAROL, GRACE, DAVE, ERIN].filter((user) => user.email.includes(search)),
        next_token: null,
      });
    }
    return url.searchParams.get('next_token') === 'page-2'
      ? HttpResponse.json({ users: [DAVE, ERIN], next_token: null })
      : HttpResponse.json({ users: [ADA, CAROL, GRACE], next_token: 'page-2' });
  });
  server.use(http.get(apiPath('/auth/orgs/mine'), () => HttpResponse.json({ organizations: ORGANIZATIONS })));
  return requests;
}

function event(overrides: Partial<AuthEvent> = {}): AuthEvent {
  return {
    timestamp: '2025-03-04T15:06:07.000Z',
    event_type: 'LOGIN',
    ip_address: '203.0.113.7',
    user_agent: 'Firefox/125',
    success: true,
    email: 'ada@example.com',
    ...overrides,
  };
}

/** 25 events, ten to a page. */
function serveHistory() {
  return recordRequests('get', '/auth/admin/history', ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const events =
      page === 1
        ? [
            event(),
            event({ event_type: 'LOGOUT', success: false, email: 'carol@example.com', ip_address: null }),
          ]
        : [event({ event_type: 'REFRESH', email: 'dave@example.com' })];
    return HttpResponse.json({ events, current_page: page, total: 25 });
  });
}

/** The panel's Active Jobs section, empty here (its own tests: admin-jobs-section.test.tsx). */
const serveNoActiveJobs = () =>
  server.use(http.get(apiPath(ADMIN_JOBS_PATH), () => HttpResponse.json({ jobs: [] })));

async function openAdminPanel() {
  serveNoActiveJobs();
  const users = serveUsers();
  const history = serveHistory();
  const view = await renderSignedIn(<AdminPanel />, SYSTEM_ADMIN);
  await screen.findByRole('listitem', { name: 'carol@example.com' });
  return { ...view, requests: { users, history } };
}

const userRow = (email: string) => within(screen.getByRole('listitem', { name: email }));
const section = (title: string) => within(screen.getByRole('heading', { name: title }).closest('section')!);

describe('admin panel', () => {
  describe('user management', () => {
    it('lists users with status, roles, creation date and actions, 100 at a time', async () => {
      const { requests } = await openAdminPanel();

      expect(screen.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeInTheDocument();
      expect(screen.getByText('System administration and user management')).toBeInTheDocument();
      expect(requests.users[0].url.searchParams.get('limit')).toBe('100');
      expect(requests.users[0].url.searchParams.has('next_token')).toBe(false);

      const ada = userRow('ada@example.com');
      expect(ada.getByText('Active')).toBeInTheDocument();
      expect(ada.getByText('System Admin', { selector: 'span' })).toBeInTheDocument();
      expect(ada.getByText('Quantum Lab Owner')).toBeInTheDocument();
      expect(ada.getByRole('checkbox', { name: 'System Admin' })).toBeChecked();
      expect(ada.getByRole('button', { name: 'Org Roles' })).toBeInTheDocument();

      const carol = userRow('carol@example.com');
      expect(carol.getByText('Pending')).toBeInTheDocument();
      expect(carol.getByText('User')).toBeInTheDocument();
      expect(carol.getByText('Chem Group Member')).toBeInTheDocument();
      expect(carol.getByText(/Created:/)).toHaveTextContent('Created: Feb 3, 2025');
      expect(carol.getByRole('checkbox', { name: 'System Admin' })).not.toBeChecked();
      expect(carol.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    });

    it('loads more users with next_token, then offers no more', async () => {
      const { user, requests } = await openAdminPanel();

      await user.click(screen.getByRole('button', { name: 'Load More' }));

      expect(await screen.findByRole('listitem', { name: 'dave@example.com' })).toBeInTheDocument();
      expect(requests.users[1].url.searchParams.get('next_token')).toBe('page-2');
      expect(userRow('dave@example.com').getByText('Password Reset')).toBeInTheDocument();
      expect(
        userRow('dave@example.com').queryByRole('button', { name: 'Org Roles' }),
      ).not.toBeInTheDocument();
      expect(userRow('erin@example.com').getByText('ARCHIVED')).toBeInTheDocument();
      expect(screen.getAllByRole('listitem', { name: /@example.com/ })).toHaveLength(5);
      expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    });

    it('searches by username or e-mail, and refreshes', async () => {
      const { user, requests } = await openAdminPanel();
      const users = section('User Management');

      await user.type(users.getByRole('searchbox', { name: 'Search users' }), 'carol');
      await user.click(users.getByRole('button', { name: 'Search' }));

      await waitFor(() =>
        expect(screen.queryByRole('listitem', { name: 'ada@example.com' })).not.toBeInTheDocument(),
      );
      expect(requests.users.at(-1)!.url.searchParams.get('search')).toBe('carol');

      const before = requests.users.length;
      await user.click(users.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(requests.users).toHaveLength(before + 1));
    });

    it('sets and clears another user’s flag without asking, then reads the list again', async () => {
      const changes = recordRequests('put', '/auth/admin/users/:user/system-admin', ({ params, body }) => {
        const target = [CAROL, GRACE].find((candidate) => candidate.username === params.user)!;
        const flag = (body as { is_system_admin: boolean }).is_system_admin;
        return HttpResponse.json({ ...target, roles: { ...target.roles, system_admin: flag } });
      });
      const { user, requests } = await openAdminPanel();
      await user.click(userRow('carol@example.com').getByRole('checkbox', { name: 'System Admin' }));
      await waitFor(() => expect(changes).toHaveLength(1));
      await user.click(userRow('grace@example.com').getByRole('checkbox', { name: 'System Admin' }));
      await waitFor(() => expect(changes).toHaveLength(2));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(changes.map(({ params, body }) => [params.user, body])).toEqual([
        ['carol-uuid', { is_system_admin: true }],
        ['grace-uuid', { is_system_admin: false }],
      ]);
      await waitFor(() => expect(requests.users.length).toBeGreaterThan(1));
    });

    it.each([
      [
        'the server message',
        failure('There must always be at least one system administrator.', 409),
        'at least one system administrator',
      ],
      ['the fallback', failure(), 'Failed to change system admin role'],
    ])('shows %s when the flag cannot be changed, dismissible with ×', async (_, response, text) => {
      recordRequests('put', '/auth/admin/users/:user/system-admin', () => response);
      const { user } = await openAdminPanel();
      await user.click(userRow('grace@example.com').getByRole('checkbox', { name: 'System Admin' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text);

      await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    describe('an administrator unticking their own System Admin', () => {
      /** The session is ada@example.com's; after the change the server no longer counts her an administrator. */
      function answerSelfDemotion(response: () => Response) {
        return recordRequests('put', '/auth/admin/users/:user/system-admin', () => {
          server.use(
            http.get(apiPath('/auth/me/permissions'), () =>
              HttpResponse.json({ permissions: [], groups: ['user'] }),
            ),
          );
          return response();
        });
      }

      async function openUsersInShell() {
        serveNoActiveJobs();
        const users = serveUsers();
        serveHistory();
        signedInAs(SYSTEM_ADMIN);
        const view = renderApp('/?section=users');
        await screen.findByRole('listitem', { name: 'ada@example.com' });
        return { ...view, users };
      }

      const menuItems = () =>
        within(screen.getByRole('navigation', { name: 'Main menu' }))
          .getAllByRole('link')
          .map((link) => link.textContent);

      it('is asked to confirm, and Cancel changes nothing', async () => {
        const changes = recordRequests('put', '/auth/admin/users/:user/system-admin');
        const { user } = await openAdminPanel();
        const checkbox = () => userRow('ada@example.com').getByRole('checkbox', { name: 'System Admin' });

        await user.click(checkbox());
        const dialog = screen.getByRole('dialog', { name: 'Remove Your System Admin Role' });
        expect(dialog).toHaveTextContent(
          'You are about to remove your own System Admin role. You will lose access to User Management, Invitations and Audit Logs at once, and only another system administrator can give it back.',
        );
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(checkbox()).toBeChecked();
        expect(changes).toHaveLength(0);
      });

      it('loses the administrator’s screens once the server agrees, without asking for the user list again', async () => {
        const changes = answerSelfDemotion(() =>
          HttpResponse.json({ ...ADA, roles: { ...ADA.roles, system_admin: false } }),
        );
        const { user, users } = await openUsersInShell();
        const listReads = users.length;
        expect(menuItems()).toContain('User Management');

        await user.click(userRow('ada@example.com').getByRole('checkbox', { name: 'System Admin' }));
        const dialog = screen.getByRole('dialog', { name: 'Remove Your System Admin Role' });
        await user.click(within(dialog).getByRole('button', { name: 'Remove My System Admin Role' }));

        expect(
          await screen.findByText('System administrator privileges are required to access this page.'),
        ).toBeInTheDocument();
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(menuItems()).not.toContain('User Management');
        expect(changes.map(({ params, body }) => [params.user, body])).toEqual([
          ['ada-uuid', { is_system_admin: false }],
        ]);
        expect(users).toHaveLength(listReads);
      });

      it('follows a 403 the same way: the caller is no longer an administrator', async () => {
        answerSelfDemotion(() =>
          failure('System administrator privileges are required to access this page.', 403),
        );
        const { user, users } = await openUsersInShell();
        const listReads = users.length;

        await user.click(userRow('ada@example.com').getByRole('checkbox', { name: 'System Admin' }));
        const dialog = screen.getByRole('dialog', { name: 'Remove Your System Admin Role' });
        await user.click(within(dialog).getByRole('button', { name: 'Remove My System Admin Role' }));

        expect(
          await screen.findByText('System administrator privileges are required to access this page.'),
        ).toBeInTheDocument();
        await waitFor(() => expect(menuItems()).not.toContain('User Management'));
        expect(users).toHaveLength(listReads);
      });

      it('keeps the box ticked and shows why when the server refuses, e.g. for the last administrator', async () => {
        recordRequests('put', '/auth/admin/users/:user/system-admin', () =>
          failure('There must always be at least one system administrator.', 409),
        );
        const { user } = await openAdminPanel();

        await user.click(userRow('ada@example.com').getByRole('checkbox', { name: 'System Admin' }));
        const dialog = screen.getByRole('dialog', { name: 'Remove Your System Admin Role' });
        await user.click(within(dialog).getByRole('button', { name: 'Remove My System Admin Role' }));

        expect(await within(dialog).findByRole('alert')).toHaveTextContent(
          'There must always be at least one system administrator.',
        );
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        expect(userRow('ada@example.com').getByRole('checkbox', { name: 'System Admin' })).toBeChecked();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      });
    });

    it('asks before deleting a user, naming their e-mail, and deletes by username', async () => {
      const deletions = recordRequests('delete', '/auth/admin/users/:user', () =>
        HttpResponse.json({ message: 'User deleted' }),
      );
      const { user } = await openAdminPanel();

      await user.click(userRow('carol@example.com').getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete User' });
      expect(dialog).toHaveTextContent(
        'Are you sure you want to delete user "carol@example.com"? This action cannot be undone.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(deletions.map(({ params }) => params.user)).toEqual(['carol-uuid']);
    });

    it.each([
      [
        'the server message',
        failure('To delete your own account, use Account Settings.', 400),
        'use Account Settings',
      ],
      ['the fallback', failure(), 'Failed to delete user'],
    ])('shows %s when deleting fails', async (_, response, text) => {
      recordRequests('delete', '/auth/admin/users/:user', () => response);
      const { user } = await openAdminPanel();

      await user.click(userRow('ada@example.com').getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete User' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    });

    it("says 'Failed to load users' when the list cannot be loaded, dismissible with ×", async () => {
      serveNoActiveJobs();
      serveHistory();
      recordRequests('get', '/auth/admin/all-users', () => failure());
      const { user } = await renderSignedIn(<AdminPanel />, SYSTEM_ADMIN);

      const alert = await section('User Management').findByRole('alert');
      expect(alert).toHaveTextContent('Failed to load users');
      await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
      expect(section('User Management').queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('organization roles', () => {
    async function openRoles(email: string) {
      const view = await openAdminPanel();
      await view.user.click(userRow(email).getByRole('button', { name: 'Org Roles' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Manage Organization Roles' }));
      await dialog.findByLabelText('Physics Club');
      return { ...view, dialog };
    }

    it('offers every organization with the current role, and sends only Member and Owner changes', async () => {
      const changes = recordRequests('patch', '/auth/orgs/:orgId/members/:member', ({ body }) =>
        (body as { role: string }).role === 'organization_owner'
          ? HttpResponse.json(
              { message: 'Transfer request sent to carol@example.com. Ownership moves when they accept.' },
              { status: 202 },
            )
          : HttpResponse.json({
              user_id: 'carol@example.com',
              email: 'carol@example.com',
              username: 'carol-uuid',
              name: null,
              role: 'organization_member',
              can_create_jobs: true,
              created_at: '2025-01-02T12:00:00.000Z',
            }),
      );
      const { user, dialog } = await openRoles('carol@example.com');

      expect(dialog.getByLabelText('Quantum Lab')).toHaveValue('none');
      expect(dialog.getByLabelText('Chem Group')).toHaveValue('organization_member');
      expect(
        within(dialog.getByLabelText('Physics Club'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Not a member', 'Member', 'Owner']);

      expect(dialog.queryByText(/will become a member/)).not.toBeInTheDocument();
      await user.selectOptions(dialog.getByLabelText('Chem Group'), 'Owner');
      expect(dialog.getByText(/will become a member/)).toHaveTextContent(
        'carol@example.com is asked to take over "Chem Group". When they accept, bob@example.com, the current owner, will become a member.',
      );
      await user.selectOptions(dialog.getByLabelText('Physics Club'), 'Member');
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      // The promotion waits for Carol: the dialog says so before it closes.
      expect(
        await dialog.findByText(
          'Transfer request sent to carol@example.com. Ownership moves when they accept.',
        ),
      ).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(changes.map(({ params, body }) => [params.orgId, params.member, body])).toEqual([
        [CHEM_GROUP_ID, 'carol@example.com', { role: 'organization_owner' }],
        [PHYSICS_CLUB_ID, 'carol@example.com', { role: 'organization_member' }],
      ]);
    });

    it('warns for each organization given a new owner, and not for the owner’s own', async () => {
      const { user, dialog } = await openRoles('ada@example.com');
      await user.selectOptions(dialog.getByLabelText('Physics Club'), 'Owner');
      await user.selectOptions(dialog.getByLabelText('Chem Group'), 'Owner');
      expect(dialog.getAllByText(/will become a member/).map((warning) => warning.textContent)).toEqual([
        'ada@example.com is asked to take over "Chem Group". When they accept, bob@example.com, the current owner, will become a member.',
        'ada@example.com is asked to take over "Physics Club". When they accept, erin@example.com, the current owner, will become a member.',
      ]);
      await user.selectOptions(dialog.getByLabelText('Physics Club'), 'Member');
      await user.selectOptions(dialog.getByLabelText('Chem Group'), 'Not a member');
      expect(dialog.queryByText(/will become a member/)).not.toBeInTheDocument();
      expect(dialog.getByLabelText('Quantum Lab')).toHaveValue('organization_owner');
    });

    it('sends nothing for Not a member', async () => {
      const changes = recordRequests('patch', '/auth/orgs/:orgId/members/:member');
      const { user, dialog } = await openRoles('carol@example.com');

      await user.selectOptions(dialog.getByLabelText('Chem Group'), 'Not a member');
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(changes).toHaveLength(0);
    });

    it.each([
      [
        'the server message',
        failure('An organization must always have an owner. Make another member the owner instead.', 409),
        'must always have an owner',
      ],
      ['the fallback', failure(), 'Failed to change user roles'],
    ])('shows %s when a role cannot be changed', async (_, response, text) => {
      recordRequests('patch', '/auth/orgs/:orgId/members/:member', () => response);
      const { user, dialog } = await openRoles('ada@example.com');

      await user.selectOptions(dialog.getByLabelText('Quantum Lab'), 'Member');
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    });
  });

  describe('authentication history', () => {
    it('shows every user’s events ten to a page, with search and paging', async () => {
      const { user, requests } = await openAdminPanel();
      const history = section('Authentication History');
      const table = await history.findByRole('table', { name: 'Authentication history' });

      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual(['Time', 'User', 'Type', 'IP', 'User Agent', 'Result']);
      const [, login, logout] = within(table).getAllByRole('row');
      expect(login).toHaveTextContent('Mar 4, 2025');
      expect(login).toHaveTextContent('LOGIN');
      expect(login).toHaveTextContent('203.0.113.7');
      expect(login).toHaveTextContent('Firefox/125');
      expect(within(login).getByText('Success')).toBeInTheDocument();
      expect(within(logout).getByText('Failed')).toBeInTheDocument();
      expect(requests.history[0].url.searchParams.get('limit')).toBe('10');
      expect(requests.history[0].url.searchParams.get('page')).toBe('1');

      await user.click(history.getByRole('button', { name: 'Next' }));
      expect(await history.findByText('REFRESH')).toBeInTheDocument();
      expect(history.getByText('Page 2 of 3')).toBeInTheDocument();

      await user.type(history.getByRole('searchbox', { name: 'Search authentication history' }), 'carol');
      await user.click(history.getByRole('button', { name: 'Search' }));

      await waitFor(() => expect(requests.history.at(-1)!.url.searchParams.get('search')).toBe('carol'));
      expect(requests.history.at(-1)!.url.searchParams.get('page')).toBe('1');
    });
  });
});
