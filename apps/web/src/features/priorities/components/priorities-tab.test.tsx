import type { OrganizationPrioritiesResponse, PriorityEntry } from '@hivqe/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  failure,
  fakeTimeouts,
  recordRequests,
  renderSignedIn,
} from '../../organizations/testing/render-signed-in.tsx';
import { PrioritiesTab } from './priorities-tab.tsx';

const LAB = '11111111-1111-4111-8111-111111111111';
const CHEM = '22222222-2222-4222-8222-222222222222';
const PHYSICS = '33333333-3333-4333-8333-333333333333';
const BIO = '44444444-4444-4444-8444-444444444444';
const ACTIVE = { active: true, verified_at: '2025-03-01T12:00:00.000Z' };
const INACTIVE = { active: false, verified_at: null };

function entry(overrides: Partial<PriorityEntry>): PriorityEntry {
  return {
    organization_id: LAB,
    type: 'organization',
    organization_name: 'Quantum Lab',
    role: 'organization_member',
    can_create_jobs: true,
    is_valid: true,
    joined_at: '2025-01-02T12:00:00.000Z',
    owner_email: 'owner@example.com',
    priority: 1,
    execution_context: 'marketplace',
    marketplace_subscription: ACTIVE,
    ...overrides,
  };
}

const ENTRIES = {
  lab: entry({ role: 'organization_owner', owner_email: 'ada@example.com' }),
  chem: entry({
    organization_id: CHEM,
    organization_name: 'Chem Group',
    priority: 2,
    execution_context: 'direct',
    joined_at: '2025-02-10T12:00:00.000Z',
  }),
  physics: entry({ organization_id: PHYSICS, organization_name: 'Physics Club', priority: 3 }),
  bio: entry({
    organization_id: BIO,
    organization_name: 'Bio Team',
    priority: 4,
    can_create_jobs: false,
    is_valid: false,
    marketplace_subscription: INACTIVE,
  }),
  individual: entry({
    organization_id: undefined,
    type: 'individual',
    organization_name: null,
    role: null,
    joined_at: null,
    owner_email: 'ada@example.com',
    priority: 5,
  }),
};

function priorities(overrides: Partial<OrganizationPrioritiesResponse> = {}): OrganizationPrioritiesResponse {
  return {
    priorities: Object.values(ENTRIES),
    individual_marketplace_subscription: { ...ACTIVE, email: 'ada@example.com' },
    active_source: {
      type: 'organization',
      organization_id: LAB,
      organization_name: 'Quantum Lab',
      execution_context: 'marketplace',
      billed_to: 'ada@example.com',
      marketplace_subscription: ACTIVE,
    },
    ...overrides,
  };
}

const servePriorities = (response = priorities()) =>
  recordRequests('get', '/auth/me/organization-priorities', () => HttpResponse.json(response));

const recordUpdates = (respond: () => Response = () => HttpResponse.json(priorities())) =>
  recordRequests('put', '/auth/me/organization-priorities', respond);

async function openTab() {
  const view = await renderSignedIn(<PrioritiesTab />);
  await screen.findByRole('heading', { name: 'Job Creation Permissions' });
  return view;
}

const rankedList = () => screen.getByRole('list', { name: 'Organization priority order' });
const rankedNames = () =>
  within(rankedList())
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
const card = (name: string) => within(screen.getByRole('listitem', { name }));

/**
 * jsdom lays nothing out, so every card would sit at (0, 0) and the keyboard sensor would find no card below
 * another. Stack the ranked cards 100 px apart, as a browser would.
 */
function layOutCards() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const list = this.parentElement;
    const index =
      list?.getAttribute('aria-label') === 'Organization priority order'
        ? [...list.children].indexOf(this)
        : -1;
    const top = Math.max(index, 0) * 100;
    const height = index >= 0 ? 80 : 0;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      bottom: top + height,
      right: 600,
      width: 600,
      height,
      toJSON: () => ({}),
    };
  });
}

async function moveFirstCardDown(user: Awaited<ReturnType<typeof openTab>>['user']) {
  layOutCards();
  screen.getByRole('button', { name: 'Reorder Quantum Lab' }).focus();
  await user.keyboard(' ');
  await user.keyboard('{ArrowDown}');
  await user.keyboard(' ');
}

describe('job permission priorities tab', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says 'Loading organization priorities...' first", async () => {
    recordRequests('get', '/auth/me/organization-priorities', async () => {
      await delay(80);
      return HttpResponse.json(priorities());
    });
    await renderSignedIn(<PrioritiesTab />);

    expect(screen.getByText('Loading organization priorities...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Job Creation Permissions' })).toBeInTheDocument();
  });

  it('ranks the valid organizations and describes each source', async () => {
    servePriorities();
    await openTab();

    expect(screen.getByText('Organization Permissions (Checked First)')).toBeInTheDocument();
    expect(screen.getByText('The first available organization will be used by default')).toBeInTheDocument();
    expect(rankedNames()).toEqual(['Quantum Lab', 'Chem Group', 'Physics Club']);

    const lab = card('Quantum Lab');
    expect(lab.getByText('1st Priority')).toBeInTheDocument();
    expect(lab.getByText('Default')).toBeInTheDocument();
    expect(lab.getByText('Owner')).toBeInTheDocument();
    expect(lab.getByText(/Joined:/)).toHaveTextContent('Joined: Jan 2, 2025');
    expect(lab.getByText('Owner Marketplace: Active')).toBeInTheDocument();
    expect(lab.getByText('Billed to organization')).toBeInTheDocument();

    const chem = card('Chem Group');
    expect(chem.getByText('2nd Priority')).toBeInTheDocument();
    expect(chem.queryByText('Default')).not.toBeInTheDocument();
    expect(chem.getByText('Granted')).toBeInTheDocument();
    expect(chem.getByText('Execution: Direct (internal)')).toBeInTheDocument();
    expect(chem.queryByText('Billed to organization')).not.toBeInTheDocument();

    expect(card('Physics Club').getByText('3rd Priority')).toBeInTheDocument();
  });

  it("lists invalid organizations under 'Not Available', without rank or handle, with their warnings", async () => {
    servePriorities();
    await openTab();

    expect(screen.getByRole('heading', { name: 'Not Available' })).toBeInTheDocument();
    const bio = card('Bio Team');
    expect(within(screen.getByRole('list', { name: 'Not Available' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
    expect(bio.getByText('No Permission')).toBeInTheDocument();
    expect(bio.getByText('Owner Marketplace: Inactive')).toBeInTheDocument();
    expect(bio.getByText("Owner's marketplace subscription expired")).toBeInTheDocument();
    expect(bio.getByText('Contact owner to request access')).toBeInTheDocument();
    expect(bio.queryByText(/Priority/)).not.toBeInTheDocument();
    expect(bio.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the personal subscription as the fallback', async () => {
    servePriorities(priorities({ active_source: { ...priorities().active_source!, type: 'individual' } }));
    await openTab();

    const section = within(
      screen
        .getByRole('heading', { name: 'Individual Subscription (Fallback, Lowest Priority)' })
        .closest('section')!,
    );
    expect(section.getByText('Your Personal Marketplace')).toBeInTheDocument();
    expect(section.getByText('Personal')).toBeInTheDocument();
    expect(section.getByText('Default')).toBeInTheDocument();
    expect(section.getByText('Marketplace Subscription: Active')).toBeInTheDocument();
    expect(section.getByText('Billed to your personal account')).toBeInTheDocument();
    expect(card('Quantum Lab').queryByText('Default')).not.toBeInTheDocument();
  });

  it('reorders with the keyboard, enables Save and Cancel, and Cancel restores the saved order', async () => {
    servePriorities();
    const { user } = await openTab();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await moveFirstCardDown(user);

    expect(rankedNames()).toEqual(['Chem Group', 'Quantum Lab', 'Physics Club']);
    expect(card('Chem Group').getByText('1st Priority')).toBeInTheDocument();
    expect(card('Quantum Lab').getByText('2nd Priority')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(rankedNames()).toEqual(['Quantum Lab', 'Chem Group', 'Physics Club']);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('saves only the valid organizations, renumbered from 1, then reloads after 1000 ms', async () => {
    const reads = servePriorities();
    const updates = recordUpdates();
    const { user } = await openTab();
    await moveFirstCardDown(user);

    fakeTimeouts();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await advance(50);

    expect(screen.getByText('Organization priorities updated successfully!')).toBeInTheDocument();
    expect(updates.map((request) => request.body)).toEqual([
      {
        priorities: [
          { organization_id: CHEM, priority: 1 },
          { organization_id: LAB, priority: 2 },
          { organization_id: PHYSICS, priority: 3 },
        ],
      },
    ]);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    const readsBefore = reads.length;

    await advance(900);
    expect(reads).toHaveLength(readsBefore);
    await advance(150);
    expect(reads).toHaveLength(readsBefore + 1);
  });

  it("says 'Failed to save priorities. Please try again.' when saving fails and keeps the new order", async () => {
    servePriorities();
    recordUpdates(() => failure('Each organization may appear only once.', 400));
    const { user } = await openTab();
    await moveFirstCardDown(user);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save priorities. Please try again.',
    );
    expect(rankedNames()).toEqual(['Chem Group', 'Quantum Lab', 'Physics Club']);
  });

  it('asks before resetting, sends an empty list, and reloads after 1000 ms', async () => {
    const reads = servePriorities();
    const updates = recordUpdates();
    const { user } = await openTab();

    await user.click(screen.getByRole('button', { name: 'Reset to Default' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset to Default' });
    expect(dialog).toHaveTextContent(
      'Reset to default priority order (join order)? This will clear your custom ordering.',
    );

    fakeTimeouts();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await advance(50);

    expect(screen.getByText('Reset to default priority order!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(updates.map((request) => request.body)).toEqual([{ priorities: [] }]);
    const readsBefore = reads.length;
    await advance(900);
    expect(reads).toHaveLength(readsBefore);
    await advance(150);
    expect(reads).toHaveLength(readsBefore + 1);
  });

  it("says 'Failed to reset to default. Please try again.' when the reset fails", async () => {
    servePriorities();
    recordUpdates(() => failure());
    const { user } = await openTab();

    await user.click(screen.getByRole('button', { name: 'Reset to Default' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset to Default' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to reset to default. Please try again.',
    );
  });

  it("says 'Failed to load organization priorities. Please try again.' when they cannot be read", async () => {
    recordRequests('get', '/auth/me/organization-priorities', () => failure());
    await renderSignedIn(<PrioritiesTab />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load organization priorities. Please try again.',
    );
  });

  it('explains that jobs cannot be created without an organization or a personal subscription', async () => {
    servePriorities(
      priorities({
        priorities: [
          ENTRIES.bio,
          { ...ENTRIES.individual, is_valid: false, marketplace_subscription: INACTIVE },
        ],
        individual_marketplace_subscription: { ...INACTIVE, email: 'ada@example.com' },
        active_source: null,
      }),
    );
    await openTab();

    const warning = screen.getByText('Cannot Create Jobs').closest('[role="status"]')!;
    expect(warning).toHaveTextContent(
      'You need either permission from an organization with active subscription or your own AWS Marketplace subscription.',
    );
    expect(
      within(warning as HTMLElement).getByRole('link', { name: 'complete marketplace onboarding' }),
    ).toHaveAttribute('href', '/marketplace');
    expect(screen.queryByText('Organization Permissions (Checked First)')).not.toBeInTheDocument();
    expect(screen.getByText('Marketplace Subscription: Inactive')).toBeInTheDocument();
  });

  it('shows the empty state when the user belongs to no organization', async () => {
    servePriorities(priorities({ priorities: [ENTRIES.individual] }));
    await openTab();

    expect(screen.getByText('No organizations')).toBeInTheDocument();
    expect(
      screen.getByText(
        "You don't belong to any organizations yet. Create or join an organization to use job creation permissions.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Cannot Create Jobs')).not.toBeInTheDocument();
  });

  it('tells an internal employee that priorities do not apply', async () => {
    servePriorities(
      priorities({
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
    await openTab();

    expect(
      screen.getByText('You have full access as an internal employee. Organization priorities do not apply.'),
    ).toBeInTheDocument();
  });
});
