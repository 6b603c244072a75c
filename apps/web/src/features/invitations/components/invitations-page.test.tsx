import type { Invitation } from '@hivqe/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { organization } from '../../organizations/testing/fixtures.ts';
import { failure, recordRequests, renderSignedIn } from '../../organizations/testing/render-signed-in.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { SYSTEM_ADMIN } from '../../../test/session.ts';
import { invitation } from '../testing/fixtures.ts';
import { InvitationsPage } from './invitations-page.tsx';

const PENDING = invitation();
const ACCEPTED = invitation({
  invite_id: '66666666-6666-4666-8666-666666666666',
  email: 'owner@example.com',
  role: 'organization_owner',
  org_id: '11111111-1111-4111-8111-111111111111',
  org_name: 'Quantum Lab',
  status: 'accepted',
});
const EXPIRED = invitation({
  invite_id: '77777777-7777-4777-8777-777777777777',
  email: 'admin@example.com',
  role: 'system_admin',
  status: 'expired',
});
const CANCELLED = invitation({
  invite_id: '88888888-8888-4888-8888-888888888888',
  email: 'gone@example.com',
  status: 'cancelled',
});

const LAB = organization();
const CHEM = organization({ org_id: '22222222-2222-4222-8222-222222222222', name: 'Chem Group' });

function serveInvitations(invitations: Invitation[] = [PENDING, ACCEPTED, EXPIRED, CANCELLED]) {
  const state = { invitations, failing: false };
  server.use(
    http.get(apiPath('/auth/invites/'), () =>
      state.failing ? failure() : HttpResponse.json({ invitations: state.invitations }),
    ),
    http.get(apiPath('/auth/orgs/mine'), () => HttpResponse.json({ organizations: [LAB, CHEM] })),
  );
  return state;
}

async function openInvitations() {
  const view = await renderSignedIn(<InvitationsPage />, SYSTEM_ADMIN);
  await screen.findByRole('heading', { name: 'Invitation List' });
  return view;
}

const row = (email: string) => within(screen.getByRole('cell', { name: email }).closest('tr')!);

async function openInviteForm(user: Awaited<ReturnType<typeof openInvitations>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Invite User' }));
  return within(screen.getByRole('dialog', { name: 'Invite User' }));
}

describe('invitations page', () => {
  it('lists invitations with role, organization, en-US dates and status, with actions on pending ones only', async () => {
    serveInvitations();
    await openInvitations();

    expect(screen.getByRole('heading', { name: 'Invitation Management', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Manage system user and organization member invitations')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Invitations' });
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Email', 'Role', 'Organization', 'Created', 'Expires', 'Status', 'Actions']);

    const pending = row('new@example.com');
    expect(pending.getByText('Member')).toBeInTheDocument();
    expect(pending.getByText('Mar 1, 2025')).toBeInTheDocument();
    expect(pending.getByText('Mar 8, 2025')).toBeInTheDocument();
    expect(pending.getByText('Pending')).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    const accepted = row('owner@example.com');
    expect(accepted.getByText('Org Owner')).toBeInTheDocument();
    expect(accepted.getByText('Quantum Lab')).toBeInTheDocument();
    expect(accepted.getByText('Accepted')).toBeInTheDocument();
    expect(accepted.queryByRole('button')).not.toBeInTheDocument();

    expect(row('admin@example.com').getByText('System Admin')).toBeInTheDocument();
    expect(row('admin@example.com').getByText('Expired')).toBeInTheDocument();
    expect(row('gone@example.com').getByText('Cancelled')).toBeInTheDocument();
    expect(row('gone@example.com').queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'Loading invitations...' and then 'No invitations found' when there are none", async () => {
    server.use(
      http.get(apiPath('/auth/invites/'), async () => {
        await delay(80);
        return HttpResponse.json({ invitations: [] });
      }),
    );
    await renderSignedIn(<InvitationsPage />, SYSTEM_ADMIN);

    expect(screen.getByText('Loading invitations...')).toBeInTheDocument();
    expect(await screen.findByText('No invitations found')).toBeInTheDocument();
  });

  it('cancels a pending invitation with the fixed reason and reloads the list', async () => {
    const state = serveInvitations();
    const cancels = recordRequests('post', '/auth/invites/:inviteId/cancel', () => {
      state.invitations = [{ ...PENDING, status: 'cancelled' }];
      return HttpResponse.json({ ...PENDING, status: 'cancelled' });
    });
    const { user } = await openInvitations();

    await user.click(row('new@example.com').getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(row('new@example.com').getByText('Cancelled')).toBeInTheDocument());
    expect(cancels.map(({ params, body }) => [params.inviteId, body])).toEqual([
      [PENDING.invite_id, { invite_id: PENDING.invite_id, reason: 'Cancelled by admin' }],
    ]);
  });

  it('resends a pending invitation', async () => {
    serveInvitations();
    const resends = recordRequests('post', '/auth/invites/:inviteId/resend', () =>
      HttpResponse.json(PENDING),
    );
    const { user } = await openInvitations();

    await user.click(row('new@example.com').getByRole('button', { name: 'Resend' }));

    expect(await screen.findByText('Invitation resent to new@example.com')).toBeInTheDocument();
    expect(resends.map(({ params, body }) => [params.inviteId, body])).toEqual([
      [PENDING.invite_id, { invite_id: PENDING.invite_id }],
    ]);
  });

  it.each([
    ['cancel', 'Cancel', '초대를 취소하지 못했습니다'],
    ['resend', 'Resend', '초대를 다시 보내지 못했습니다'],
  ])(
    'shows the Korean fallback when %s fails, or the server message, dismissible',
    async (action, button, text) => {
      serveInvitations();
      const answers = [failure(), failure('Only pending invitations can be cancelled.', 409)];
      recordRequests('post', `/auth/invites/:inviteId/${action}`, () => answers.shift()!);
      const { user } = await openInvitations();

      await user.click(row('new@example.com').getByRole('button', { name: button }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text);

      await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      await user.click(row('new@example.com').getByRole('button', { name: button }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Only pending invitations can be cancelled.',
      );
    },
  );

  it('empties the list and shows the Korean fallback when loading fails, dismissible', async () => {
    const state = serveInvitations();
    recordRequests('post', '/auth/invites/:inviteId/cancel', () => {
      state.failing = true;
      return HttpResponse.json({ ...PENDING, status: 'cancelled' });
    });
    const { user } = await openInvitations();
    await screen.findByRole('table');

    await user.click(row('new@example.com').getByRole('button', { name: 'Cancel' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('초대 목록을 불러오지 못했습니다');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No invitations found')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server message when loading fails with one', async () => {
    server.use(
      http.get(apiPath('/auth/invites/'), () =>
        failure('Only system administrators and organization owners can view invitations.', 403),
      ),
    );
    await renderSignedIn(<InvitationsPage />, SYSTEM_ADMIN);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only system administrators and organization owners can view invitations.',
    );
  });

  describe('invite form', () => {
    it('sends a system-level invitation, omitting an empty message', async () => {
      const state = serveInvitations([]);
      const invites = recordRequests('post', '/auth/invites/system', async () => {
        await delay(30);
        const created = invitation({ email: 'sys@example.com', role: 'system_admin' });
        state.invitations = [created];
        return HttpResponse.json(created, { status: 201 });
      });
      const { user } = await openInvitations();
      const form = await openInviteForm(user);

      const email = form.getByLabelText('Email Address');
      expect(email).toBeRequired();
      expect(email).toHaveAttribute('type', 'email');
      const organizationSelect = form.getByLabelText('Organization (Optional)');
      await waitFor(() =>
        expect(
          within(organizationSelect)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual(['No Organization (System User)', 'Quantum Lab', 'Chem Group']),
      );
      expect(organizationSelect).toHaveAccessibleDescription(
        'User will be invited as a system user without organization',
      );
      const role = form.getByLabelText('Role');
      expect(
        within(role)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Member', 'System Admin']);
      expect(form.getByLabelText('Personal Message (Optional)')).toHaveAttribute('rows', '3');

      await user.type(email, 'sys@example.com');
      await user.selectOptions(role, 'System Admin');
      await user.click(form.getByRole('button', { name: 'Send Invitation' }));

      expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      expect(await screen.findByText('Invitation sent to sys@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(await screen.findByRole('cell', { name: 'sys@example.com' })).toBeInTheDocument();
      expect(invites.map((request) => request.body)).toEqual([
        { email: 'sys@example.com', role: 'system_admin' },
      ]);
    });

    it('sends an organization-level invitation with its roles and the message when one is chosen', async () => {
      serveInvitations([]);
      const invites = recordRequests('post', '/auth/invites/organization', () =>
        HttpResponse.json(invitation({ role: 'organization_owner', org_name: 'Chem Group' }), {
          status: 201,
        }),
      );
      const { user } = await openInvitations();
      const form = await openInviteForm(user);

      const organizationSelect = form.getByLabelText('Organization (Optional)');
      await waitFor(() => expect(within(organizationSelect).getAllByRole('option')).toHaveLength(3));
      await user.selectOptions(organizationSelect, 'Chem Group');

      expect(organizationSelect).toHaveAccessibleDescription(
        'User will be invited to the selected organization',
      );
      const role = form.getByLabelText('Role');
      expect(
        within(role)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Org Member', 'Org Owner']);
      expect(role).toHaveValue('organization_member');

      await user.type(form.getByLabelText('Email Address'), 'lead@example.com');
      await user.selectOptions(role, 'Org Owner');
      await user.type(form.getByLabelText('Personal Message (Optional)'), '  Welcome aboard  ');
      await user.click(form.getByRole('button', { name: 'Send Invitation' }));

      await waitFor(() => expect(invites).toHaveLength(1));
      expect(invites[0].url.searchParams.get('org_id')).toBe(CHEM.org_id);
      expect(invites[0].body).toEqual({
        email: 'lead@example.com',
        role: 'organization_owner',
        message: 'Welcome aboard',
      });
    });

    it.each([
      [
        'the server message',
        failure('A pending invitation for this email already exists. Resend it instead.', 409),
        'Resend it instead.',
      ],
      ['the fallback', failure(), 'Failed to create invitation'],
    ])('shows %s when the invitation cannot be created', async (_, response, text) => {
      serveInvitations([]);
      recordRequests('post', '/auth/invites/system', () => response);
      const { user } = await openInvitations();
      const form = await openInviteForm(user);

      await user.type(form.getByLabelText('Email Address'), 'dup@example.com');
      await user.click(form.getByRole('button', { name: 'Send Invitation' }));

      expect(await form.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('dialog', { name: 'Invite User' })).toBeInTheDocument();
    });

    it('closes with Cancel without sending', async () => {
      serveInvitations([]);
      const invites = recordRequests('post', '/auth/invites/system');
      const { user } = await openInvitations();
      const form = await openInviteForm(user);

      await user.click(form.getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(invites).toHaveLength(0);
    });
  });
});
