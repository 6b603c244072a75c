import { MARKETPLACE_MESSAGES, type MarketplaceSubscriptionResponse } from '@hivqe/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { SYSTEM_ADMIN, signedInAs, type TestUser } from '../../../test/session.ts';

type Subscription = NonNullable<MarketplaceSubscriptionResponse['subscription']>;

const ACTIVE: Subscription = {
  status: 'active',
  active: true,
  verified_at: '2026-03-04T05:06:07.000Z',
  expires_at: null,
  aws_account_id: '444455556666',
  customer_id: 'local-ada',
};

/**
 * A local (or AWS) marketplace whose simulated subscription the page can start and cancel; `refusal` is the
 * server's answer to every change instead (null: a failure without a message).
 */
function marketplace(
  mode: 'local' | 'aws',
  initial: Subscription | null,
  { refusal }: { refusal?: { status: number; message: string } | null } = {},
) {
  let subscription = initial;
  const calls: string[] = [];
  const refused = () =>
    refusal === null
      ? new HttpResponse(null, { status: 500 })
      : refusal && HttpResponse.json({ message: refusal.message }, { status: refusal.status });
  server.use(
    http.get(apiPath('/marketplace/subscription'), () => HttpResponse.json({ mode, subscription })),
    http.post(apiPath('/marketplace/simulated-subscription'), () => {
      calls.push('POST');
      if (refusal !== undefined) return refused();
      subscription = ACTIVE;
      return HttpResponse.json({ mode, subscription });
    }),
    http.delete(apiPath('/marketplace/simulated-subscription'), () => {
      calls.push('DELETE');
      if (refusal !== undefined) return refused();
      subscription = { ...ACTIVE, status: 'inactive', active: false };
      return HttpResponse.json({ mode, subscription });
    }),
    http.put(apiPath('/marketplace/simulated-subscriptions/:user'), ({ params }) => {
      calls.push(`PUT ${String(params.user)}`);
      if (refusal !== undefined) return refused();
      return HttpResponse.json({ mode, subscription: ACTIVE });
    }),
    http.delete(apiPath('/marketplace/simulated-subscriptions/:user'), ({ params }) => {
      calls.push(`DELETE ${String(params.user)}`);
      if (refusal !== undefined) return refused();
      return HttpResponse.json({ mode, subscription: { ...ACTIVE, status: 'inactive', active: false } });
    }),
  );
  return calls;
}

async function openPage(as: TestUser = {}) {
  signedInAs(as);
  const view = renderApp('/marketplace');
  await screen.findByRole('heading', { name: 'Complete AWS Marketplace Onboarding' });
  return view;
}

const statusText = () => screen.getByText('Subscription status').nextSibling;

describe('marketplace onboarding page', () => {
  it('lets a user start a simulated subscription in local mode, clearly labelled', async () => {
    const calls = marketplace('local', null);
    const { user } = await openPage();

    expect(await screen.findByText('Simulated subscription')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This deployment uses a local marketplace: subscriptions here are simulated and nothing is billed.',
      ),
    ).toBeInTheDocument();
    expect(statusText()).toHaveTextContent('No subscription');

    await user.click(screen.getByRole('button', { name: 'Start simulated subscription' }));

    expect(await screen.findByText('Simulated subscription started.')).toBeInTheDocument();
    expect(statusText()).toHaveTextContent('Active');
    expect(screen.getByText('Verified').nextSibling).toHaveTextContent('Mar 4, 2026');
    expect(screen.getByText('AWS account').nextSibling).toHaveTextContent('444455556666');
    expect(screen.getByText('Customer').nextSibling).toHaveTextContent('local-ada');
    expect(calls).toEqual(['POST']);
  });

  it('cancels an active simulated subscription', async () => {
    const calls = marketplace('local', ACTIVE);
    const { user } = await openPage();

    await user.click(await screen.findByRole('button', { name: 'Cancel simulated subscription' }));

    expect(await screen.findByText('Simulated subscription cancelled.')).toBeInTheDocument();
    expect(statusText()).toHaveTextContent('Inactive');
    expect(screen.getByRole('button', { name: 'Start simulated subscription' })).toBeInTheDocument();
    expect(calls).toEqual(['DELETE']);
  });

  it('says when the simulated subscription cannot be changed', async () => {
    marketplace('local', null, { refusal: null });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Start simulated subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to start the simulated subscription');
  });

  it("outside a local trial shows the server's refusal, which says to ask a system administrator", async () => {
    const calls = marketplace('local', null, {
      refusal: { status: 403, message: MARKETPLACE_MESSAGES.simulationTrialOnly },
    });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Start simulated subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MARKETPLACE_MESSAGES.simulationTrialOnly);
    expect(statusText()).toHaveTextContent('No subscription');
    expect(calls).toEqual(['POST']);
    expect(screen.queryByRole('heading', { name: 'Grant a simulated subscription' })).not.toBeInTheDocument();
  });

  it('lets a system administrator grant and cancel the simulated subscription of a user', async () => {
    const calls = marketplace('local', null);
    const { user } = await openPage(SYSTEM_ADMIN);
    await screen.findByRole('heading', { name: 'Grant a simulated subscription' });
    const field = screen.getByLabelText("User's email or username");
    expect(screen.getByRole('button', { name: 'Grant' })).toBeDisabled();

    await user.type(field, 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText(MARKETPLACE_MESSAGES.simulatedGranted)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Cancel user's subscription" }));
    expect(await screen.findByText(MARKETPLACE_MESSAGES.simulatedRevoked)).toBeInTheDocument();
    expect(calls).toEqual(['PUT grace@example.com', 'DELETE grace@example.com']);
  });

  it("shows the server's words when a grant is refused", async () => {
    marketplace('local', null, { refusal: { status: 404, message: 'User not found' } });
    const { user } = await openPage(SYSTEM_ADMIN);
    await user.type(await screen.findByLabelText("User's email or username"), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });

  it('with AWS Marketplace shows the real subscription and simulates nothing', async () => {
    marketplace('aws', { ...ACTIVE, status: 'pending_cancel', customer_id: 'cust-9' });
    await openPage();

    expect(await screen.findByText(/Subscribe to HI-VQE Console in AWS Marketplace/)).toBeInTheDocument();
    expect(statusText()).toHaveTextContent('Pending cancellation');
    expect(screen.queryByText('Simulated subscription')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /simulated subscription/ })).not.toBeInTheDocument();
  });

  it("shows an expired subscription as 'Expired'", async () => {
    marketplace('aws', { ...ACTIVE, active: false, expires_at: '2020-01-01T00:00:00.000Z' });
    await openPage();
    expect(await screen.findByText('Expires')).toBeInTheDocument();
    expect(statusText()).toHaveTextContent('Expired');
  });

  it('says when the subscription cannot be loaded', async () => {
    server.use(http.get(apiPath('/marketplace/subscription'), () => HttpResponse.json({}, { status: 500 })));
    await openPage();
    expect(await screen.findByText('Failed to load subscription')).toBeInTheDocument();
  });

  it('is for signed-in users only', () => {
    renderApp('/marketplace');
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });
});
