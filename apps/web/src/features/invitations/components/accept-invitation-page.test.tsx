import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';

describe('accept invitation page', () => {
  it('explains a link without a token and offers the login page', async () => {
    const { user } = renderApp('/invite/accept');

    expect(screen.getByRole('heading', { name: 'Invalid Invitation' })).toBeInTheDocument();
    expect(screen.getByText('This invitation link is invalid or has expired.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('is public and titled Accept Invitation when a token is present', () => {
    renderApp('/invite/accept?token=abc');
    expect(screen.getByRole('heading', { name: 'Accept Invitation' })).toBeInTheDocument();
  });
});
