import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { signedInAs } from '../../../test/session.ts';

describe('marketplace onboarding page', () => {
  it('says honestly that the marketplace linkage is not available yet', async () => {
    signedInAs();
    renderApp('/marketplace');

    expect(
      await screen.findByRole('heading', { name: 'Complete AWS Marketplace Onboarding' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('AWS Marketplace linkage is not available yet in this deployment.'),
    ).toBeInTheDocument();
  });

  it('is for signed-in users only', () => {
    renderApp('/marketplace');
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });
});
