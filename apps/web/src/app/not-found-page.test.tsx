import { BRAND } from '@hivqe/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';
import { signedInAs } from '../test/session.ts';

describe('unknown path', () => {
  it('shows a 404 page at the address asked for, with a link home', async () => {
    signedInAs();
    const { user } = renderApp('/no/such/page');

    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(`${BRAND.product} has no page at /no/such/page.`)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/no\/such\/page$/);

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows it to a signed-out visitor too, whose way home is the login screen', async () => {
    const { user } = renderApp('/jobs/42');

    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });

  it('prints a hostile path as text', () => {
    renderApp('/<img src=x onerror=alert(1)>');

    expect(
      screen.getByText(`${BRAND.product} has no page at /<img src=x onerror=alert(1)>.`),
    ).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
