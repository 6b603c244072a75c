import { PRIORITY_MESSAGES, type JobPermissionSource } from '@hivqe/contract';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  OTHER_ORG_ID,
  mockPriorities,
  organizationEntry,
  prioritiesResponse,
} from '../../jobs/testing/job-fixtures.ts';
import { renderJobUi } from '../../jobs/testing/render-job-ui.tsx';
import { PermissionSourceSelector } from './permission-source-selector.tsx';
import { SubscriptionBadge } from './subscription-badge.tsx';

/** The selector in a form that shows what it holds. */
function Harness({ initial }: { initial?: JobPermissionSource }) {
  const [source, setSource] = useState(initial);
  return (
    <div>
      <PermissionSourceSelector value={source} onChange={setSource} />
      <output aria-label="chosen">{JSON.stringify(source ?? null)}</output>
      <p>Elsewhere on the page</p>
    </div>
  );
}

const trigger = () => screen.getByRole('button', { name: /^Permission Source/ });
const chosen = () => JSON.parse(screen.getByLabelText('chosen').textContent ?? 'null');

describe('permission-source selector', () => {
  it("shows 'Loading...' while the sources load", () => {
    mockPriorities('pending');
    renderJobUi(<Harness />);
    expect(trigger()).toHaveTextContent('Loading...');
    expect(trigger()).toBeDisabled();
  });

  it("says 'Failed to load permission sources' when they cannot be loaded", async () => {
    mockPriorities('error');
    renderJobUi(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load permission sources');
  });

  it('starts on the active source and lists valid organizations with badge and owner, personal only when active', async () => {
    mockPriorities(
      prioritiesResponse({
        priorities: [
          organizationEntry(),
          organizationEntry({
            organization_id: OTHER_ORG_ID,
            organization_name: 'Lapsed Lab',
            is_valid: false,
          }),
        ],
      }),
    );
    const { user } = renderJobUi(<Harness />);

    await screen.findByText('Quantum Lab');
    expect(trigger()).toHaveTextContent('Quantum Lab');
    expect(chosen()).toEqual({
      type: 'organization',
      organization_id: '6f1c2b9e-2d0a-4c3e-9a57-1b2c3d4e5f60',
      organization_name: 'Quantum Lab',
    });

    await user.click(trigger());
    const list = screen.getByRole('listbox');
    const organizations = within(list).getByRole('group', { name: 'Organizations' });
    const option = within(organizations).getByRole('option', { name: /Quantum Lab/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(option).toHaveTextContent('Billed to: owner@lab.example');
    expect(within(option).getByText('Active')).toHaveAttribute(
      'title',
      'Active subscription (verified: Jan 15, 2025)',
    );
    expect(within(list).queryByText('Lapsed Lab')).not.toBeInTheDocument();
    expect(within(list).queryByText('Personal Marketplace')).not.toBeInTheDocument();
  });

  it('offers the personal marketplace when its subscription is active, and switches to it', async () => {
    mockPriorities(
      prioritiesResponse({
        individual_marketplace_subscription: { active: true, email: 'ada@example.com', verified_at: null },
      }),
    );
    const { user } = renderJobUi(<Harness />);
    await user.click(await screen.findByRole('button', { name: /Quantum Lab/ }));

    const personal = screen.getByRole('option', { name: /Personal Marketplace/ });
    expect(personal).toHaveTextContent('Billed to: ada@example.com');
    expect(within(personal).getByText('Active')).toHaveAttribute('title', 'Active marketplace subscription');

    await user.click(personal);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('Personal Marketplace');
    expect(chosen()).toEqual({ type: 'individual' });
  });

  it('without any source, says so and links to the marketplace onboarding', async () => {
    mockPriorities(
      prioritiesResponse({ priorities: [organizationEntry({ is_valid: false })], active_source: null }),
    );
    const { user } = renderJobUi(<Harness />);
    await screen.findByText('Select source...');

    await user.click(trigger());
    const empty = screen.getByText('No valid permission sources').parentElement!;
    expect(within(empty).getByRole('link', { name: 'Complete AWS Marketplace Onboarding' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(chosen()).toBeNull();
  });

  describe('without any source, says why at once, beside the selector, with whom to ask', () => {
    const refusal = async () => {
      const alert = await screen.findByRole('alert');
      expect(trigger()).toHaveAttribute('aria-invalid', 'true');
      expect(trigger()).toHaveAccessibleDescription(expect.stringContaining(PRIORITY_MESSAGES.noSource));
      return alert;
    };

    it('tells an invited member without job permission to ask the owner', async () => {
      mockPriorities(
        prioritiesResponse({
          priorities: [organizationEntry({ can_create_jobs: false, is_valid: false })],
          active_source: null,
        }),
      );
      renderJobUi(<Harness />);
      const alert = await refusal();
      expect(alert).toHaveTextContent(PRIORITY_MESSAGES.noSource);
      expect(within(alert).getByRole('listitem')).toHaveTextContent(
        'Quantum Lab: you do not have job permission. Ask its owner (owner@lab.example) to grant it.',
      );
      expect(
        within(alert).getByRole('link', { name: 'Complete AWS Marketplace Onboarding' }),
      ).toHaveAttribute('href', '/marketplace');
    });

    it("names a lapsed owner's subscription, and the owner's own", async () => {
      const lapsed = { active: false, verified_at: null };
      mockPriorities(
        prioritiesResponse({
          priorities: [
            organizationEntry({ is_valid: false, marketplace_subscription: lapsed }),
            organizationEntry({
              organization_id: OTHER_ORG_ID,
              organization_name: 'My Lab',
              role: 'organization_owner',
              is_valid: false,
              marketplace_subscription: lapsed,
            }),
          ],
          active_source: null,
        }),
      );
      renderJobUi(<Harness />);
      const items = within(await refusal()).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        "Quantum Lab: its owner's marketplace subscription is not active. Ask the owner (owner@lab.example) to renew it.",
        'My Lab: your marketplace subscription, which pays for its jobs, is not active.',
      ]);
    });

    it('says nothing of the kind while a source is available', async () => {
      mockPriorities();
      renderJobUi(<Harness />);
      await screen.findByText('Quantum Lab');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(trigger()).not.toHaveAttribute('aria-invalid');
    });
  });

  it('labels the internal domain as direct execution', async () => {
    mockPriorities(
      prioritiesResponse({
        priorities: [],
        active_source: {
          type: 'acme_domain',
          organization_id: null,
          organization_name: null,
          execution_context: 'direct',
          billed_to: null,
          marketplace_subscription: null,
        },
      }),
    );
    const { user } = renderJobUi(<Harness />);
    expect(await screen.findByText('Internal (direct execution)')).toBeInTheDocument();
    expect(chosen()).toEqual({ type: 'acme_domain' });

    await user.click(trigger());
    expect(screen.getByRole('option', { name: 'Internal (direct execution)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it("names an organization without a name 'Organization'", async () => {
    mockPriorities();
    renderJobUi(<Harness initial={{ type: 'organization', organization_id: OTHER_ORG_ID }} />);
    expect(await screen.findByText('Organization')).toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    mockPriorities();
    const { user } = renderJobUi(<Harness />);
    await user.click(await screen.findByRole('button', { name: /Quantum Lab/ }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();

    await user.click(screen.getByText('Elsewhere on the page'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('subscription badge', () => {
  it.each([
    [undefined, 'Checking...', 'Checking marketplace subscription status...'],
    [{ active: false, verified_at: null }, 'Inactive', 'No active marketplace subscription'],
    [{ active: true, verified_at: null }, 'Active', 'Active marketplace subscription'],
    [
      { active: true, verified_at: '2025-06-02T12:00:00Z' },
      'Active',
      'Active subscription (verified: Jun 2, 2025)',
    ],
  ])('for %o reads %s with the tooltip %s', (subscription, text, tooltip) => {
    renderJobUi(<SubscriptionBadge subscription={subscription} />);
    expect(screen.getByText(text)).toHaveAttribute('title', tooltip);
  });
});
