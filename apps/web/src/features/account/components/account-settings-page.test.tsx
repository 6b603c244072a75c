import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { signedInAs, SYSTEM_ADMIN, type TestUser } from '../../../test/session.ts';
import { settingsServer } from '../testing/settings-server.ts';

async function openAccount(testUser?: TestUser) {
  signedInAs(testUser);
  settingsServer();
  const view = renderApp('/?section=account');
  await screen.findByRole('heading', { name: 'Personal Information' });
  return view;
}

const section = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;

describe('account settings page', () => {
  it("shows its title and subtitle, and 'Loading account settings...' while loading", async () => {
    signedInAs();
    settingsServer();
    server.use(
      http.get(apiPath('/auth/me/profile'), async () => {
        await delay(100);
        return HttpResponse.json({
          email: 'ada@example.com',
          email_verified: true,
          name: null,
          phone_number: null,
          user_id: 'ada@example.com',
          username: 'ada-uuid',
        });
      }),
    );
    renderApp('/?section=account');

    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByText('Manage your quantum computing service configurations')).toBeInTheDocument();
    expect(screen.getByText('Loading account settings...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(within(section('Personal Information')).getAllByText('Not set')).toHaveLength(2);
  });

  it("says 'Failed to load profile' when the profile cannot be read", async () => {
    signedInAs();
    settingsServer();
    server.use(
      http.get(apiPath('/auth/me/profile'), () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    renderApp('/?section=account');

    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Roles & Permissions' })).toBeInTheDocument();
  });

  describe('personal information', () => {
    function recordProfileUpdates(status = 200) {
      const bodies: unknown[] = [];
      server.use(
        http.post(apiPath('/auth/me/profile'), async ({ request }) => {
          const body = (await request.json()) as Record<string, unknown>;
          bodies.push(body);
          if (status !== 200) return HttpResponse.json({ message: 'x' }, { status });
          return HttpResponse.json({
            email: 'ada@example.com',
            email_verified: true,
            name: 'name' in body ? body.name : 'Ada Lovelace',
            phone_number: 'phone_number' in body ? body.phone_number : null,
            user_id: 'ada@example.com',
            username: 'ada-uuid',
          });
        }),
      );
      return bodies;
    }

    it('shows the profile in view mode', async () => {
      await openAccount();
      const personal = within(section('Personal Information'));

      expect(personal.getByText('Ada Lovelace')).toBeInTheDocument();
      expect(personal.getByText('ada@example.com')).toBeInTheDocument();
      expect(personal.getByText('Not set')).toBeInTheDocument();
    });

    it("says 'No changes to save' and sends nothing when nothing changed", async () => {
      const bodies = recordProfileUpdates();
      const { user } = await openAccount();
      const personal = within(section('Personal Information'));

      await user.click(personal.getByRole('button', { name: 'Edit' }));
      await user.click(personal.getByRole('button', { name: 'Save' }));

      expect(personal.getByText('No changes to save')).toBeInTheDocument();
      expect(bodies).toHaveLength(0);
    });

    it('limits the full name to 100 characters and the phone to 20', async () => {
      const { user } = await openAccount();
      const personal = within(section('Personal Information'));
      await user.click(personal.getByRole('button', { name: 'Edit' }));

      expect(personal.getByLabelText('Full Name')).toHaveAttribute('maxLength', '100');
      expect(personal.getByLabelText('Phone Number')).toHaveAttribute('maxLength', '20');
    });

    it("sends only the changed field, then shows 'Profile updated successfully' in view mode", async () => {
      const bodies = recordProfileUpdates();
      const { user } = await openAccount();
      const personal = within(section('Personal Information'));

      await user.click(personal.getByRole('button', { name: 'Edit' }));
      await user.type(personal.getByLabelText('Phone Number'), ' +44 20 7946 0000 ');
      await user.click(personal.getByRole('button', { name: 'Save' }));

      expect(await personal.findByText('Profile updated successfully')).toBeInTheDocument();
      expect(bodies).toEqual([{ phone_number: '+44 20 7946 0000' }]);
      expect(personal.getByText('+44 20 7946 0000')).toBeInTheDocument();
      expect(personal.queryByLabelText('Phone Number')).not.toBeInTheDocument();
    });

    it('sends a cleared field as null', async () => {
      const bodies = recordProfileUpdates();
      const { user } = await openAccount();
      const personal = within(section('Personal Information'));

      await user.click(personal.getByRole('button', { name: 'Edit' }));
      await user.clear(personal.getByLabelText('Full Name'));
      await user.type(personal.getByLabelText('Full Name'), '   ');
      await user.click(personal.getByRole('button', { name: 'Save' }));

      await personal.findByText('Profile updated successfully');
      expect(bodies).toEqual([{ name: null }]);
    });

    it("says 'Failed to update profile' and stays in edit mode when saving fails", async () => {
      recordProfileUpdates(500);
      const { user } = await openAccount();
      const personal = within(section('Personal Information'));

      await user.click(personal.getByRole('button', { name: 'Edit' }));
      await user.type(personal.getByLabelText('Full Name'), ' II');
      await user.click(personal.getByRole('button', { name: 'Save' }));

      expect(await personal.findByText('Failed to update profile')).toBeInTheDocument();
      expect(personal.getByLabelText('Full Name')).toHaveValue('Ada Lovelace II');
    });

    it('returns to view mode with Cancel', async () => {
      const { user } = await openAccount();
      const personal = within(section('Personal Information'));

      await user.click(personal.getByRole('button', { name: 'Edit' }));
      await user.click(personal.getByRole('button', { name: 'Cancel' }));

      expect(personal.queryByLabelText('Full Name')).not.toBeInTheDocument();
      expect(personal.getByText('Ada Lovelace')).toBeInTheDocument();
    });
  });

  describe('roles and permissions', () => {
    it('shows a user their role, what they may not do, the organization count and the role descriptions', async () => {
      await openAccount();
      const roles = section('Roles & Permissions');

      expect(within(roles).getByText('System Role').nextSibling).toHaveTextContent('User');
      expect(within(roles).getByText('Organizations').nextSibling).toHaveTextContent('0');
      for (const capability of ['Can manage users', 'Can manage organizations', 'Can send invitations']) {
        expect(within(roles).getByText(capability).nextSibling).toHaveTextContent('No');
      }
      expect(roles).toHaveTextContent('System Admin:Full platform access and user management.');
      expect(roles).toHaveTextContent('Organization Owner:Manage specific organizations and their members.');
      expect(roles).toHaveTextContent('Organization Member:Access to organization resources.');
      expect(roles).toHaveTextContent('User:Basic platform access.');
    });

    it('shows a system administrator every capability', async () => {
      await openAccount(SYSTEM_ADMIN);
      const roles = within(section('Roles & Permissions'));

      expect(await roles.findByText('System Administrator')).toBeInTheDocument();
      for (const capability of ['Can manage users', 'Can manage organizations', 'Can send invitations']) {
        expect(roles.getByText(capability).nextSibling).toHaveTextContent('Yes');
      }
    });

    it('lets an organization owner manage organizations', async () => {
      await openAccount({ permissions: ['organization_owner'] });
      const roles = within(section('Roles & Permissions'));

      await screen.findByRole('link', { name: 'Organizations' });
      expect(roles.getByText('Can manage organizations').nextSibling).toHaveTextContent('Yes');
      expect(roles.getByText('Can manage users').nextSibling).toHaveTextContent('No');
    });
  });

  describe('marketplace banner and organization count', () => {
    it('shows the marketplace-linked banner with the AWS account and customer', async () => {
      signedInAs();
      settingsServer(undefined, {
        mapping: {
          mapping_id: 'm-1',
          aws_account_id: '444455556666',
          customer_id: 'cust-42',
          product_code: 'prod-1',
          linked_at: '2026-01-02T03:04:05.000Z',
        },
      });
      renderApp('/?section=account');

      const banner = await screen.findByText('Linked to AWS Marketplace');
      expect(banner.closest('[role="status"]')).toHaveTextContent(
        'Your account is linked to the AWS Marketplace subscription of AWS account 444455556666 (customer cust-42).',
      );
    });

    it('shows no banner for an account without a marketplace link', async () => {
      await openAccount();
      expect(screen.queryByText('Linked to AWS Marketplace')).not.toBeInTheDocument();
    });

    it('counts the organizations the user belongs to', async () => {
      signedInAs();
      const organization = (org_id: string, role: 'organization_owner' | 'organization_member' | null) => ({
        org_id,
        name: org_id,
        created_at: '2026-01-01T00:00:00.000Z',
        created_by: null,
        owner_id: null,
        member_count: 2,
        default_can_create_jobs: false,
        role,
        pending_transfer: null,
      });
      settingsServer(undefined, {
        organizations: [
          organization('a', 'organization_owner'),
          organization('b', 'organization_member'),
          organization('c', null),
        ],
      });
      renderApp('/?section=account');
      const roles = await screen.findByRole('heading', { name: 'Roles & Permissions' });
      await waitFor(() =>
        expect(within(roles.closest('section')!).getByText('Organizations').nextSibling).toHaveTextContent(
          '2',
        ),
      );
    });
  });
});
