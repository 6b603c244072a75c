import {
  IDEMPOTENCY_KEY_HEADER,
  memberInvitedMessage,
  ownershipTransferredMessage,
  transferRequestedMessage,
  type Invitation,
  type Organization,
  type OrganizationMember,
} from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath, server } from '../../../test/server.ts';
import { SYSTEM_ADMIN, type TestUser } from '../../../test/session.ts';
import { CHEM_GROUP_ID, member, organization, PHYSICS_CLUB_ID, QUANTUM_LAB_ID } from '../testing/fixtures.ts';
import { invitation } from '../../invitations/testing/fixtures.ts';
import { failure, recordRequests, renderSignedIn } from '../testing/render-signed-in.tsx';
import { OrganizationsPage } from './organizations-page.tsx';

/** Ada owns Quantum Lab and is a member of Chem Group; Physics Club is someone else's. */
const QUANTUM_LAB = organization();
const CHEM_GROUP = organization({
  org_id: CHEM_GROUP_ID,
  name: 'Chem Group',
  created_at: '2024-11-20T12:00:00.000Z',
  created_by: 'bob@example.com',
  owner_id: 'bob@example.com',
  member_count: 2,
  role: 'organization_member',
});
const PHYSICS_CLUB = organization({
  org_id: PHYSICS_CLUB_ID,
  name: 'Physics Club',
  created_by: 'erin@example.com',
  owner_id: 'erin@example.com',
  member_count: 2,
  role: null,
});

const MEMBERS: Record<string, OrganizationMember[]> = {
  [QUANTUM_LAB_ID]: [
    // The owner's own flag is off: owners can create jobs whatever it says.
    member({ email: 'ada@example.com', role: 'organization_owner', can_create_jobs: false }),
    member({ email: 'carol@example.com' }),
    member({ email: 'dave@example.com', can_create_jobs: true, created_at: 'not-a-date' }),
  ],
  [CHEM_GROUP_ID]: [
    member({ email: 'bob@example.com', role: 'organization_owner', can_create_jobs: true }),
    member({ email: 'ada@example.com', can_create_jobs: true }),
  ],
  [PHYSICS_CLUB_ID]: [
    member({ email: 'erin@example.com', role: 'organization_owner', can_create_jobs: true }),
    member({ email: 'frank@example.com' }),
  ],
};

/** The organizations the server holds; tests change the list to play the server's part after a change. */
function serveOrganizations(
  organizations: Organization[] = [QUANTUM_LAB, CHEM_GROUP],
  { mine = [], managed = [] }: { mine?: Invitation[]; managed?: Invitation[] } = {},
) {
  const state = { organizations, mine, managed };
  server.use(
    http.get(apiPath('/auth/orgs/mine'), () => HttpResponse.json({ organizations: state.organizations })),
    http.get(apiPath('/auth/orgs/:orgId/members'), ({ params }) =>
      HttpResponse.json({ members: MEMBERS[String(params.orgId)] ?? [] }),
    ),
    http.get(apiPath('/auth/invites/mine'), () => HttpResponse.json({ invitations: state.mine })),
    http.get(apiPath('/auth/invites/'), () => HttpResponse.json({ invitations: state.managed })),
  );
  return state;
}

const openOrganizations = (testUser?: TestUser) => renderSignedIn(<OrganizationsPage />, testUser);

const listItem = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${name}`) }).closest('li')!;

async function selectOrganization(user: Awaited<ReturnType<typeof openOrganizations>>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  await screen.findByRole('heading', { name, level: 2 });
  await screen.findByRole('list', { name: 'Members' });
}

const details = (name: string) => within(screen.getByRole('heading', { name, level: 2 }).closest('section')!);
const memberRow = (email: string) => within(screen.getByRole('listitem', { name: email }));

describe('organizations page', () => {
  describe('header and tabs', () => {
    it('titles the page for a user and offers Create Organization on the management tab only', async () => {
      serveOrganizations();
      server.use(
        http.get(apiPath('/auth/me/organization-priorities'), () =>
          HttpResponse.json({
            priorities: [],
            individual_marketplace_subscription: {
              active: false,
              verified_at: null,
              email: 'ada@example.com',
            },
            active_source: null,
          }),
        ),
      );
      const { user } = await openOrganizations();

      expect(screen.getByRole('heading', { name: 'My Organizations', level: 1 })).toBeInTheDocument();
      expect(screen.getByText('View and manage organizations you belong to')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Organization Management' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(screen.getByRole('button', { name: 'Create Organization' })).toBeInTheDocument();

      await user.click(screen.getByRole('tab', { name: 'Job Permission Priorities' }));

      expect(await screen.findByRole('heading', { name: 'Job Creation Permissions' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Create Organization' })).not.toBeInTheDocument();

      // The keyboard moves between the views as the WAI-ARIA tabs pattern says: arrows select, one tab stop.
      await user.keyboard('{ArrowLeft}');
      const management = screen.getByRole('tab', { name: 'Organization Management' });
      expect(management).toHaveFocus();
      expect(management).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'Job Permission Priorities' })).toHaveAttribute(
        'tabindex',
        '-1',
      );
      expect(await screen.findByRole('button', { name: 'Create Organization' })).toBeInTheDocument();
    });

    it('titles the page for a system administrator', async () => {
      serveOrganizations([QUANTUM_LAB, CHEM_GROUP, PHYSICS_CLUB]);
      await openOrganizations(SYSTEM_ADMIN);

      expect(
        screen.getByRole('heading', { name: 'System Organization Management', level: 1 }),
      ).toBeInTheDocument();
      expect(screen.getByText('Manage all organizations in the system')).toBeInTheDocument();
    });
  });

  describe('organization list', () => {
    it("says 'Loading organizations...', then lists each organization with its dates and counts", async () => {
      serveOrganizations();
      server.use(
        http.get(apiPath('/auth/orgs/mine'), async () => {
          await delay(80);
          return HttpResponse.json({ organizations: [QUANTUM_LAB, CHEM_GROUP] });
        }),
      );
      await renderSignedIn(<OrganizationsPage />);

      expect(screen.getByText('Loading organizations...')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: /^Quantum Lab/ })).toBeInTheDocument();
      expect(listItem('Quantum Lab')).toHaveTextContent('Created: Mar 5, 2025');
      expect(listItem('Quantum Lab')).toHaveTextContent('Members: 3');
      expect(listItem('Chem Group')).toHaveTextContent('Created: Nov 20, 2024');
      expect(screen.getByText('Select an organization to view details')).toBeInTheDocument();
    });

    it("says 'No organizations found' when there are none", async () => {
      serveOrganizations([]);
      await openOrganizations();
      expect(await screen.findByText('No organizations found')).toBeInTheDocument();
    });

    it.each([
      ['the server message', failure('Database unavailable'), 'Database unavailable'],
      ['the fallback', failure(), 'Failed to load organizations'],
    ])('shows %s when the list cannot be loaded', async (_, response, text) => {
      server.use(http.get(apiPath('/auth/orgs/mine'), () => response));
      await openOrganizations();
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    });
  });

  describe('leaving', () => {
    it('keeps the owner from leaving: the button is disabled with a tooltip and explains itself', async () => {
      serveOrganizations();
      const leaves = recordRequests('delete', '/auth/orgs/:orgId/members/me');
      const { user } = await openOrganizations();
      await screen.findByRole('button', { name: /^Quantum Lab/ });

      const leave = within(listItem('Quantum Lab')).getByRole('button', { name: 'Leave' });
      expect(leave).toHaveAttribute('aria-disabled', 'true');
      expect(leave).toHaveAttribute('title', 'Owner cannot leave. Transfer ownership first.');
      expect(within(listItem('Chem Group')).getByRole('button', { name: 'Leave' })).toHaveAttribute(
        'aria-disabled',
        'false',
      );

      await user.click(leave);

      expect(screen.getByRole('alert')).toHaveTextContent(
        'Organization owner cannot leave. Transfer ownership first.',
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(leaves).toHaveLength(0);
    });

    it('asks, leaves, and clears the selection of the organization left', async () => {
      const state = serveOrganizations();
      const leaves = recordRequests('delete', '/auth/orgs/:orgId/members/me', () => {
        state.organizations = [QUANTUM_LAB];
        return HttpResponse.json({ message: 'You left the organization.' });
      });
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Chem Group');

      await user.click(within(listItem('Chem Group')).getByRole('button', { name: 'Leave' }));
      const dialog = screen.getByRole('dialog', { name: 'Leave Organization' });
      expect(dialog).toHaveTextContent('Are you sure you want to leave Chem Group?');
      await user.click(within(dialog).getByRole('button', { name: 'Leave' }));

      expect(await screen.findByText('Select an organization to view details')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(leaves.map((request) => request.params.orgId)).toEqual([CHEM_GROUP_ID]);
      expect(screen.queryByRole('button', { name: /^Chem Group/ })).not.toBeInTheDocument();
    });

    it.each([
      [
        'the server message',
        failure('You are not a member of this organization.', 403),
        'You are not a member',
      ],
      ['the fallback', failure(), 'Failed to leave organization'],
    ])('shows %s when leaving fails', async (_, response, text) => {
      serveOrganizations();
      recordRequests('delete', '/auth/orgs/:orgId/members/me', () => response);
      const { user } = await openOrganizations();
      await screen.findByRole('button', { name: /^Chem Group/ });

      await user.click(within(listItem('Chem Group')).getByRole('button', { name: 'Leave' }));
      const dialog = screen.getByRole('dialog', { name: 'Leave Organization' });
      await user.click(within(dialog).getByRole('button', { name: 'Leave' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    });

    it('offers no Leave to a system administrator in an organization they do not belong to', async () => {
      serveOrganizations([PHYSICS_CLUB]);
      await openOrganizations(SYSTEM_ADMIN);
      await screen.findByRole('button', { name: /^Physics Club/ });
      expect(
        within(listItem('Physics Club')).queryByRole('button', { name: 'Leave' }),
      ).not.toBeInTheDocument();
    });
  });

  describe('creating an organization', () => {
    it('requires a name, then sends it trimmed with the default job permission and selects the new organization', async () => {
      const state = serveOrganizations([CHEM_GROUP]);
      const created = organization({ org_id: QUANTUM_LAB_ID, name: 'New Lab', member_count: 1 });
      const creations = recordRequests('post', '/auth/orgs', async () => {
        await delay(30);
        state.organizations = [CHEM_GROUP, created];
        return HttpResponse.json(created, { status: 201 });
      });
      const { user } = await openOrganizations();

      await user.click(screen.getByRole('button', { name: 'Create Organization' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Create Organization' }));
      const checkbox = dialog.getByRole('checkbox', { name: 'Allow members to create jobs by default' });
      expect(checkbox).not.toBeChecked();
      expect(checkbox).toHaveAccessibleDescription(
        'New members will be able to create jobs. You can change individual permissions later.',
      );

      await user.type(dialog.getByLabelText('Organization Name'), '   ');
      await user.click(dialog.getByRole('button', { name: 'Create' }));
      expect(dialog.getByRole('alert')).toHaveTextContent('Organization name is required');
      expect(creations).toHaveLength(0);

      await user.type(dialog.getByLabelText('Organization Name'), 'New Lab  ');
      await user.click(checkbox);
      await user.click(dialog.getByRole('button', { name: 'Create' }));

      expect(dialog.getByRole('button', { name: 'Creating...' })).toBeDisabled();
      expect(await screen.findByRole('heading', { name: 'New Lab', level: 2 })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(creations.map((request) => request.body)).toEqual([
        { name: 'New Lab', default_can_create_jobs: true },
      ]);
    });

    it.each([
      ['the server message', failure('Organization name must be at most 100 characters', 400), 'at most 100'],
      ['the fallback', failure(), 'Failed to create organization'],
    ])('shows %s when creating fails', async (_, response, text) => {
      serveOrganizations();
      const creations = recordRequests('post', '/auth/orgs', () => response);
      const { user } = await openOrganizations();

      await user.click(screen.getByRole('button', { name: 'Create Organization' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Create Organization' }));
      await user.type(dialog.getByLabelText('Organization Name'), 'Lab');
      await user.click(dialog.getByRole('button', { name: 'Create' }));

      expect(await dialog.findByRole('alert')).toHaveTextContent(text);
      expect(creations[0].body).toEqual({ name: 'Lab', default_can_create_jobs: false });
    });
  });

  it('sends a create again with the same Idempotency-Key after a failure, and a new key for the next one', async () => {
    serveOrganizations();
    let failNext = true;
    const creations = recordRequests('post', '/auth/orgs', () => {
      if (failNext) {
        failNext = false;
        return failure();
      }
      return HttpResponse.json(organization({ org_id: QUANTUM_LAB_ID, name: 'Lab' }), { status: 201 });
    });
    const { user } = await openOrganizations();
    await user.click(screen.getByRole('button', { name: 'Create Organization' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create Organization' }));
    await user.type(dialog.getByLabelText('Organization Name'), 'Lab');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to create organization');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const keys = creations.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  describe('details and members', () => {
    it("shows the owner every member with role, join date and job permission, and the owner's actions", async () => {
      serveOrganizations();
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      expect(screen.getByRole('button', { name: /^Quantum Lab/ })).toHaveAttribute('aria-current', 'true');
      const panel = details('Quantum Lab');
      expect(panel.getByText('Created: Mar 5, 2025')).toBeInTheDocument();
      for (const action of ['Invite Member', 'Add Member', 'Delete']) {
        expect(panel.getByRole('button', { name: action })).toBeInTheDocument();
      }

      const owner = memberRow('ada@example.com');
      expect(owner.getByText('Role: Owner')).toBeInTheDocument();
      expect(owner.getByText('Can Create Jobs')).toBeInTheDocument();
      expect(owner.getByText(/Joined:/)).toHaveTextContent('Joined: Jan 2, 2025');
      expect(owner.queryByRole('button')).not.toBeInTheDocument();

      const carol = memberRow('carol@example.com');
      expect(carol.getByText('Role: Member')).toBeInTheDocument();
      expect(carol.getByText('No Job Permission')).toBeInTheDocument();
      expect(carol.getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Grant',
        'Transfer',
        'Remove',
      ]);

      const dave = memberRow('dave@example.com');
      expect(dave.getByText('Can Create Jobs')).toBeInTheDocument();
      expect(dave.getByText(/Joined:/)).toHaveTextContent('Joined: Unknown');
      expect(dave.getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    });

    it('shows a member the members without any management action', async () => {
      serveOrganizations();
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Chem Group');

      const panel = details('Chem Group');
      for (const action of ['Invite Member', 'Add Member', 'Delete']) {
        expect(panel.queryByRole('button', { name: action })).not.toBeInTheDocument();
      }
      expect(panel.getByRole('list', { name: 'Members' })).toBeInTheDocument();
      expect(within(panel.getByRole('list', { name: 'Members' })).queryAllByRole('button')).toHaveLength(0);
    });

    it('lets a system administrator manage and remove members, but not grant or transfer', async () => {
      serveOrganizations([PHYSICS_CLUB]);
      const { user } = await openOrganizations(SYSTEM_ADMIN);
      await selectOrganization(user, 'Physics Club');

      const panel = details('Physics Club');
      for (const action of ['Invite Member', 'Add Member', 'Delete']) {
        expect(panel.getByRole('button', { name: action })).toBeInTheDocument();
      }
      expect(
        memberRow('frank@example.com')
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Remove']);
      expect(memberRow('erin@example.com').queryByRole('button')).not.toBeInTheDocument();
    });

    it.each([
      [
        'the server message',
        failure('You are not a member of this organization.', 403),
        'You are not a member',
      ],
      ['the fallback', failure(), 'Failed to load members'],
    ])('shows %s when the members cannot be loaded', async (_, response, text) => {
      serveOrganizations();
      server.use(http.get(apiPath('/auth/orgs/:orgId/members'), () => response));
      const { user } = await openOrganizations();

      await user.click(await screen.findByRole('button', { name: /^Quantum Lab/ }));

      expect(await details('Quantum Lab').findByRole('alert')).toHaveTextContent(text);
    });
  });

  describe('member actions', () => {
    it('grants and revokes job permission', async () => {
      serveOrganizations();
      const changes = recordRequests('patch', '/auth/orgs/:orgId/members/:member/permissions', ({ body }) =>
        HttpResponse.json(member({ email: 'carol@example.com', ...(body as object) })),
      );
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(memberRow('carol@example.com').getByRole('button', { name: 'Grant' }));
      await user.click(memberRow('dave@example.com').getByRole('button', { name: 'Revoke' }));

      await waitFor(() => expect(changes).toHaveLength(2));
      expect(changes.map(({ params, body }) => [params.orgId, params.member, body])).toEqual([
        [QUANTUM_LAB_ID, 'carol@example.com', { can_create_jobs: true }],
        [QUANTUM_LAB_ID, 'dave@example.com', { can_create_jobs: false }],
      ]);
    });

    it.each([
      [
        'the server message',
        failure('Only the organization owner can do this.', 403),
        'Only the organization owner',
      ],
      ['the fallback', failure(), 'Failed to update permission'],
    ])('shows %s when the permission cannot be changed, dismissible', async (_, response, text) => {
      serveOrganizations();
      recordRequests('patch', '/auth/orgs/:orgId/members/:member/permissions', () => response);
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(memberRow('carol@example.com').getByRole('button', { name: 'Grant' }));
      const alert = await details('Quantum Lab').findByRole('alert');
      expect(alert).toHaveTextContent(text);

      await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
      expect(details('Quantum Lab').queryByRole('alert')).not.toBeInTheDocument();
    });

    it('asks before transferring ownership, sends the request, and says it waits for the member', async () => {
      serveOrganizations();
      const transfers = recordRequests('post', '/auth/orgs/:orgId/transfer-request', () =>
        HttpResponse.json({ message: transferRequestedMessage('dave@example.com') }),
      );
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(memberRow('dave@example.com').getByRole('button', { name: 'Transfer' }));
      const question = screen.getByRole('dialog', { name: 'Transfer Ownership' });
      expect(question).toHaveTextContent(
        'Transfer ownership to dave@example.com? This will make dave@example.com the new owner of "Quantum Lab". You will become a regular member. This action cannot be undone.',
      );
      await user.click(within(question).getByRole('button', { name: 'Transfer' }));

      const news = await screen.findByRole('dialog', { name: 'Transfer Requested' });
      expect(news).toHaveTextContent(
        'Transfer request sent to dave@example.com. Ownership moves when they accept.',
      );
      expect(transfers.map(({ params, body }) => [params.orgId, body])).toEqual([
        [QUANTUM_LAB_ID, { target_email: 'dave@example.com' }],
      ]);

      await user.click(within(news).getByRole('button', { name: 'OK' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it.each([
      ['the server message', failure('This user already owns the organization.', 409), 'already owns'],
      ['the fallback', failure(), 'Failed to transfer ownership'],
    ])('shows %s when the transfer fails', async (_, response, text) => {
      serveOrganizations();
      recordRequests('post', '/auth/orgs/:orgId/transfer-request', () => response);
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(memberRow('dave@example.com').getByRole('button', { name: 'Transfer' }));
      const dialog = screen.getByRole('dialog', { name: 'Transfer Ownership' });
      await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    });

    it('asks before removing a member, removes, and closes; Cancel sends nothing', async () => {
      serveOrganizations();
      const removals = recordRequests('delete', '/auth/orgs/:orgId/members/:member', () =>
        HttpResponse.json({ message: 'Member removed from the organization.' }),
      );
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(memberRow('carol@example.com').getByRole('button', { name: 'Remove' }));
      let dialog = screen.getByRole('dialog', { name: 'Remove Member' });
      expect(dialog).toHaveTextContent(
        'Are you sure you want to remove carol@example.com from this organization?',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(removals).toHaveLength(0);

      await user.click(memberRow('carol@example.com').getByRole('button', { name: 'Remove' }));
      dialog = screen.getByRole('dialog', { name: 'Remove Member' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(removals.map(({ url }) => url.pathname)).toEqual([
        `/api/v1/auth/orgs/${QUANTUM_LAB_ID}/members/carol%40example.com`,
      ]);
    });

    it.each([
      ['the server message', failure('This user is not a member of the organization.', 404), 'not a member'],
      ['the fallback', failure(), 'Failed to remove member'],
    ])('shows %s when removing fails', async (_, response, text) => {
      serveOrganizations();
      recordRequests('delete', '/auth/orgs/:orgId/members/:member', () => response);
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(memberRow('carol@example.com').getByRole('button', { name: 'Remove' }));
      const dialog = screen.getByRole('dialog', { name: 'Remove Member' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    });
  });

  describe('renaming', () => {
    it('lets the owner rename the organization, and shows the new name', async () => {
      const state = serveOrganizations();
      const renames = recordRequests('patch', '/auth/orgs/:orgId', ({ body }) => {
        const renamed = { ...QUANTUM_LAB, name: (body as { name: string }).name };
        state.organizations = [renamed, CHEM_GROUP];
        return HttpResponse.json(renamed);
      });
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(details('Quantum Lab').getByRole('button', { name: 'Rename' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Rename Organization' }));
      const field = dialog.getByLabelText('Organization Name');
      expect(field).toHaveValue('Quantum Lab');
      await user.clear(field);
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      expect(dialog.getByRole('alert')).toHaveTextContent('Organization name is required');
      expect(renames).toHaveLength(0);

      await user.type(field, '  Quantum Computing Lab ');
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      expect(
        await screen.findByRole('heading', { name: 'Quantum Computing Lab', level: 2 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByText('Organization renamed to "Quantum Computing Lab"')).toBeInTheDocument();
      expect(renames.map(({ params, body }) => [params.orgId, body])).toEqual([
        [QUANTUM_LAB_ID, { name: 'Quantum Computing Lab' }],
      ]);
    });

    it.each([
      [
        'the server message',
        failure('You already own an organization named "Chem Group". Choose another name.', 409),
        'You already own an organization named "Chem Group". Choose another name.',
      ],
      ['the fallback', failure(), 'Failed to rename organization'],
    ])('shows %s when the name is refused, and keeps the dialog open', async (_, response, text) => {
      serveOrganizations();
      recordRequests('patch', '/auth/orgs/:orgId', () => response);
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(details('Quantum Lab').getByRole('button', { name: 'Rename' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Rename Organization' }));
      await user.clear(dialog.getByLabelText('Organization Name'));
      await user.type(dialog.getByLabelText('Organization Name'), 'Chem Group');
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      expect(await dialog.findByRole('alert')).toHaveTextContent(text);
      // The page behind the open dialog is hidden from assistive technology, and keeps the old name.
      expect(
        screen.getByRole('heading', { name: 'Quantum Lab', level: 2, hidden: true }),
      ).toBeInTheDocument();
    });

    it('is offered to the owner only, not to a system administrator or a member', async () => {
      serveOrganizations([QUANTUM_LAB, CHEM_GROUP, PHYSICS_CLUB]);
      const { user } = await openOrganizations(SYSTEM_ADMIN);
      await selectOrganization(user, 'Physics Club');
      expect(details('Physics Club').getByRole('button', { name: 'Delete' })).toBeInTheDocument();
      expect(details('Physics Club').queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
      await selectOrganization(user, 'Chem Group');
      expect(details('Chem Group').queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    });
  });

  describe('adding, inviting and deleting', () => {
    it('adds a member by e-mail with the member role, after requiring an e-mail, and says it is pending', async () => {
      serveOrganizations();
      const additions = recordRequests('post', '/auth/orgs/:orgId/members', () =>
        HttpResponse.json(
          {
            message: memberInvitedMessage('gina@example.com'),
            invitation: invitation({ email: 'gina@example.com', org_id: QUANTUM_LAB_ID }),
          },
          { status: 202 },
        ),
      );
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(details('Quantum Lab').getByRole('button', { name: 'Add Member' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add Member' }));
      expect(dialog.getByLabelText('Member Email')).toHaveAccessibleDescription(
        'New members will be added with Member role',
      );
      await user.click(dialog.getByRole('button', { name: 'Add Member' }));
      expect(dialog.getByRole('alert')).toHaveTextContent('Organization and member email are required');
      expect(additions).toHaveLength(0);

      await user.type(dialog.getByLabelText('Member Email'), ' gina@example.com ');
      await user.click(dialog.getByRole('button', { name: 'Add Member' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(additions.map(({ params, body }) => [params.orgId, body])).toEqual([
        [QUANTUM_LAB_ID, { email: 'gina@example.com', role: 'organization_member' }],
      ]);
      expect(await details('Quantum Lab').findByRole('status')).toHaveTextContent(
        'Invitation sent to gina@example.com. They join as a member when they accept.',
      );
    });

    it.each([
      [
        'the server message',
        failure('No user has this email address or username. Send an invitation instead.', 404),
        'Send an invitation instead.',
      ],
      ['the fallback', failure(), 'Failed to add member'],
    ])('shows %s when adding fails', async (_, response, text) => {
      serveOrganizations();
      recordRequests('post', '/auth/orgs/:orgId/members', () => response);
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(details('Quantum Lab').getByRole('button', { name: 'Add Member' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add Member' }));
      await user.type(dialog.getByLabelText('Member Email'), 'nobody@example.com');
      await user.click(dialog.getByRole('button', { name: 'Add Member' }));

      expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    });

    it('invites into the selected organization with the role fixed to member', async () => {
      serveOrganizations();
      const invitations = recordRequests('post', '/auth/invites/organization', ({ body }) =>
        HttpResponse.json(
          {
            invite_id: '44444444-4444-4444-8444-444444444444',
            email: 'hal@example.com',
            role: 'organization_member',
            org_id: QUANTUM_LAB_ID,
            org_name: 'Quantum Lab',
            status: 'pending',
            message: (body as { message?: string }).message ?? null,
            invited_by: 'ada@example.com',
            created_at: '2025-03-01T12:00:00.000Z',
            expires_at: '2025-03-08T12:00:00.000Z',
          },
          { status: 201 },
        ),
      );
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(details('Quantum Lab').getByRole('button', { name: 'Invite Member' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Invite Member to Quantum Lab' }));
      expect(dialog.queryByLabelText('Organization (Optional)')).not.toBeInTheDocument();
      const role = dialog.getByLabelText('Role');
      expect(role).toBeDisabled();
      expect(
        within(role)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Org Member']);

      await user.type(dialog.getByLabelText('Email Address'), 'hal@example.com');
      await user.click(dialog.getByRole('button', { name: 'Send Invitation' }));

      expect(
        await details('Quantum Lab').findByText('Invitation sent to hal@example.com'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(invitations.map(({ url, body }) => [url.searchParams.get('org_id'), body])).toEqual([
        [QUANTUM_LAB_ID, { email: 'hal@example.com', role: 'organization_member' }],
      ]);
    });

    it('asks before deleting the organization, deletes it and clears the selection', async () => {
      const state = serveOrganizations();
      const deletions = recordRequests('delete', '/auth/orgs/:orgId', () => {
        state.organizations = [CHEM_GROUP];
        return HttpResponse.json({ message: 'Organization deleted.' });
      });
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(details('Quantum Lab').getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Organization' });
      expect(dialog).toHaveTextContent(
        'Are you sure you want to DELETE the organization "Quantum Lab"? This action cannot be undone and will remove all members and data associated with this organization.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('Select an organization to view details')).toBeInTheDocument();
      expect(deletions.map(({ params }) => params.orgId)).toEqual([QUANTUM_LAB_ID]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it.each([
      [
        'the server message',
        failure('Only the organization owner or a system administrator can do this.', 403),
        'Only the organization owner',
      ],
      ['the fallback', failure(), 'Failed to delete organization'],
    ])('shows %s when deleting fails', async (_, response, text) => {
      serveOrganizations();
      recordRequests('delete', '/auth/orgs/:orgId', () => response);
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');

      await user.click(details('Quantum Lab').getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Organization' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    });
  });
  describe('what waits for an answer (issue 24)', () => {
    const TRANSFER = {
      request_id: '44444444-4444-4444-8444-444444444444',
      from_email: 'bob@example.com',
      to_email: 'ada@example.com',
      created_at: '2025-03-01T12:00:00.000Z',
      expires_at: '2025-03-08T12:00:00.000Z',
    };
    const OFFERED = { ...CHEM_GROUP, pending_transfer: TRANSFER };
    const INVITED = invitation({
      org_id: PHYSICS_CLUB_ID,
      org_name: 'Physics Club',
      email: 'ada@example.com',
      invited_by: 'erin@example.com',
    });
    const pendingForYou = () => within(screen.getByRole('list', { name: 'Pending for you' }));

    it('shows nothing pending when nothing waits', async () => {
      serveOrganizations();
      await openOrganizations();
      await screen.findByRole('button', { name: /^Quantum Lab/ });
      expect(screen.queryByRole('list', { name: 'Pending for you' })).not.toBeInTheDocument();
    });

    it('lets the invitee accept an invitation, which brings its organization into the list', async () => {
      const state = serveOrganizations([QUANTUM_LAB], { mine: [INVITED] });
      const answers = recordRequests('post', '/auth/invites/:inviteId/:answer', ({ params }) => {
        state.mine = [];
        state.organizations = [QUANTUM_LAB, { ...PHYSICS_CLUB, role: 'organization_member' }];
        return HttpResponse.json({
          ...INVITED,
          status: params.answer === 'accept' ? 'accepted' : 'rejected',
        });
      });
      const { user } = await openOrganizations();
      const offer = within(await screen.findByRole('listitem', { name: 'Invitation to Physics Club' }));
      expect(offer.getByText(/erin@example.com invites you to join/)).toHaveTextContent(
        'erin@example.com invites you to join Physics Club as Member.',
      );
      expect(offer.getByText(/Expires/)).toHaveTextContent('Expires: Mar 8, 2025');
      expect(screen.queryByRole('button', { name: /^Physics Club/ })).not.toBeInTheDocument();

      await user.click(offer.getByRole('button', { name: 'Accept' }));
      await screen.findByRole('button', { name: /^Physics Club/ });
      expect(await screen.findByText('You joined Physics Club.')).toBeInTheDocument();
      expect(answers.map(({ params, body }) => [params.inviteId, params.answer, body])).toEqual([
        [INVITED.invite_id, 'accept', { invite_id: INVITED.invite_id }],
      ]);
    });

    it("declines an invitation, and shows the server's refusal when answering fails", async () => {
      serveOrganizations([QUANTUM_LAB], { mine: [INVITED] });
      const answers = recordRequests('post', '/auth/invites/:inviteId/:answer', () =>
        failure('This invitation has expired. Ask for a new one.', 400),
      );
      const { user } = await openOrganizations();
      const offer = within(await screen.findByRole('listitem', { name: 'Invitation to Physics Club' }));
      await user.click(offer.getByRole('button', { name: 'Decline' }));
      expect(await offer.findByRole('alert')).toHaveTextContent(
        'This invitation has expired. Ask for a new one.',
      );
      expect(answers.map(({ params }) => params.answer)).toEqual(['decline']);
    });

    it('lets the target accept a transfer after saying who pays, and shows the outcome', async () => {
      const state = serveOrganizations([QUANTUM_LAB, OFFERED]);
      const answers = recordRequests('post', '/auth/orgs/:orgId/transfer-request/:answer', () => {
        state.organizations = [
          QUANTUM_LAB,
          { ...CHEM_GROUP, owner_id: 'ada@example.com', role: 'organization_owner' },
        ];
        return HttpResponse.json({ message: ownershipTransferredMessage('ada@example.com') });
      });
      const { user } = await openOrganizations();
      const offer = within(await screen.findByRole('listitem', { name: 'Ownership of Chem Group' }));
      expect(offer.getByText(/asks you to take over/)).toHaveTextContent(
        'bob@example.com asks you to take over the ownership of Chem Group.',
      );
      await user.click(offer.getByRole('button', { name: 'Accept' }));
      const dialog = screen.getByRole('dialog', { name: 'Accept Ownership' });
      expect(dialog).toHaveTextContent('your marketplace subscription pays for the jobs of every member');
      expect(answers).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

      expect(
        await screen.findByText('Ownership transferred successfully to ada@example.com'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('listitem', { name: 'Ownership of Chem Group' })).toBeNull();
      expect(answers.map(({ params, body }) => [params.orgId, params.answer, body])).toEqual([
        [CHEM_GROUP_ID, 'accept', { request_id: TRANSFER.request_id }],
      ]);
    });

    it("declines a transfer and shows the server's refusal in the accept dialog", async () => {
      serveOrganizations([QUANTUM_LAB, OFFERED]);
      const answers = recordRequests('post', '/auth/orgs/:orgId/transfer-request/:answer', ({ params }) =>
        params.answer === 'accept'
          ? failure('This transfer request is no longer pending.', 409)
          : HttpResponse.json({ message: 'Transfer request declined.' }),
      );
      const { user } = await openOrganizations();
      await screen.findByRole('listitem', { name: 'Ownership of Chem Group' });
      await user.click(pendingForYouButton('Ownership of Chem Group', 'Accept'));
      const dialog = screen.getByRole('dialog', { name: 'Accept Ownership' });
      await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'This transfer request is no longer pending.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await user.click(pendingForYou().getByRole('button', { name: 'Decline' }));
      expect(await screen.findByText('Transfer request declined.')).toBeInTheDocument();
      expect(answers.map(({ params }) => params.answer)).toEqual(['accept', 'decline']);
    });

    it('shows the owner the pending transfer and invitations, each with Cancel', async () => {
      const outgoing = { ...TRANSFER, from_email: 'ada@example.com', to_email: 'dave@example.com' };
      const state = serveOrganizations([{ ...QUANTUM_LAB, pending_transfer: outgoing }], {
        managed: [
          invitation({ email: 'gina@example.com', org_id: QUANTUM_LAB_ID, org_name: 'Quantum Lab' }),
          invitation({ email: 'old@example.com', org_id: QUANTUM_LAB_ID, status: 'accepted' }),
        ],
      });
      const cancels = recordRequests('delete', '/auth/orgs/:orgId/transfer-request', () => {
        state.organizations = [QUANTUM_LAB];
        return HttpResponse.json({ message: 'Transfer request cancelled.' });
      });
      const invitationCancels = recordRequests('post', '/auth/invites/:inviteId/cancel', () =>
        failure('Only pending invitations can be cancelled.', 409),
      );
      const { user } = await openOrganizations();
      await selectOrganization(user, 'Quantum Lab');
      const pending = within(await details('Quantum Lab').findByRole('list', { name: 'Pending' }));
      expect(pending.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
        'Transfer to dave@example.com',
        'Invitation to gina@example.com',
      ]);
      await user.click(
        within(pending.getByRole('listitem', { name: 'Invitation to gina@example.com' })).getByRole(
          'button',
          {
            name: 'Cancel',
          },
        ),
      );
      expect(await details('Quantum Lab').findByRole('alert')).toHaveTextContent(
        'Only pending invitations can be cancelled.',
      );
      await user.click(
        within(pending.getByRole('listitem', { name: 'Transfer to dave@example.com' })).getByRole('button', {
          name: 'Cancel',
        }),
      );
      await waitFor(() =>
        expect(
          details('Quantum Lab').queryByRole('listitem', { name: 'Transfer to dave@example.com' }),
        ).toBeNull(),
      );
      expect(cancels.map(({ params }) => params.orgId)).toEqual([QUANTUM_LAB_ID]);
      expect(invitationCancels).toHaveLength(1);
    });

    function pendingForYouButton(item: string, name: string) {
      return within(pendingForYou().getByRole('listitem', { name: item })).getByRole('button', { name });
    }
  });
});
