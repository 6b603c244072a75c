import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { signedInAs, SYSTEM_ADMIN } from '../../../test/session.ts';

const currentUser = () => within(screen.getByRole('heading', { name: 'Current User' }).closest('section')!);

describe('about page', () => {
  it('describes the product and shows the current user as User', async () => {
    signedInAs();
    renderApp('/about');

    expect(await screen.findByRole('heading', { name: 'About HI-VQE Console' })).toBeInTheDocument();
    expect(
      screen.getByText(/hybrid iterative variational quantum eigensolver: a hybrid quantum-classical/),
    ).toBeInTheDocument();
    expect(currentUser().getByText('Username').nextSibling).toHaveTextContent('ada-uuid');
    expect(currentUser().getByText('Email').nextSibling).toHaveTextContent('ada@example.com');
    expect(currentUser().getByText('Role').nextSibling).toHaveTextContent('User');
  });

  it('shows Administrator as the role of an administrator', async () => {
    signedInAs(SYSTEM_ADMIN);
    renderApp('/about');
    await screen.findByRole('heading', { name: 'Current User' });

    expect(await currentUser().findByText('Administrator')).toBeInTheDocument();
  });

  it('switches between the Colorful and Monochrome themes and remembers the choice', async () => {
    signedInAs();
    const { user } = renderApp('/about');
    const monochrome = await screen.findByRole('button', { name: 'Monochrome' });

    expect(screen.getByRole('button', { name: 'Colorful' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(monochrome);

    expect(monochrome).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute('data-theme', 'monochrome');
    expect(localStorage.getItem('console_theme')).toBe('monochrome');

    await user.click(screen.getByRole('button', { name: 'Colorful' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'colorful');
  });

  it('goes home with the Home menu item', async () => {
    signedInAs();
    const { user } = renderApp('/about');

    await user.click(await screen.findByRole('link', { name: 'Home' }));

    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
