import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { apiPath, server } from '../../test/server.ts';
import { signedInAs, SYSTEM_ADMIN } from '../../test/session.ts';

const menu = () => within(screen.getByRole('navigation', { name: 'Main menu' }));
const menuItems = () =>
  menu()
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('home shell', () => {
  // The sections' own content (jobs panels) loads these; the shell's tests only need them answered.
  beforeEach(() => {
    server.use(
      http.get(apiPath('/account/settings'), () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
      http.get(apiPath('/hi-vqe/iqm-jobs'), () => HttpResponse.json({ jobs: [], next_token: null })),
    );
  });

  it('shows the top bar with the welcome text and Logout', async () => {
    signedInAs();
    renderApp('/');

    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Quantum Computing Platform')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'HI-VQE Console logo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('greets by username when there is no e-mail, and as User when there is neither', async () => {
    signedInAs({ email: '', username: 'opaque-id' });
    const { unmount } = renderApp('/');
    expect(await screen.findByText('Welcome, opaque-id')).toBeInTheDocument();
    unmount();

    signedInAs({ email: '', username: '' });
    renderApp('/');
    expect(await screen.findByText('Welcome, User')).toBeInTheDocument();
  });

  it('offers Dashboard, Account and Organizations to a user, with Dashboard selected by default', async () => {
    signedInAs();
    renderApp('/');

    await screen.findByText('Welcome, ada@example.com');
    expect(menuItems()).toEqual(['Dashboard', 'Account', 'Organizations']);
    expect(menu().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'HI-VQE Hybrid Jobs' })).toBeInTheDocument();
  });

  it('adds User Management, Invitations, IQM and Audit Logs for a system administrator', async () => {
    signedInAs(SYSTEM_ADMIN);
    renderApp('/');

    await screen.findByText('Welcome, ada@example.com');
    expect(await menu().findByRole('link', { name: 'User Management' })).toBeInTheDocument();
    expect(menuItems()).toEqual([
      'Dashboard',
      'Account',
      'Organizations',
      'User Management',
      'Invitations',
      'IQM',
      'Audit Logs',
    ]);
  });

  it('addresses each menu item by the section query parameter', async () => {
    signedInAs(SYSTEM_ADMIN);
    const { user } = renderApp('/');
    await screen.findByText('Welcome, ada@example.com');

    await user.click(await menu().findByRole('link', { name: 'Invitations' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?section=invitations');
    expect(
      await screen.findByRole('heading', { name: 'Invitation Management', level: 1 }),
    ).toBeInTheDocument();

    await user.click(menu().getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('offers the same sections from a Menu button, for screens too narrow for the sidebar', async () => {
    signedInAs(SYSTEM_ADMIN);
    const { user } = renderApp('/?section=account');
    await screen.findByText('Welcome, ada@example.com');
    await menu().findByRole('link', { name: 'IQM' });
    const button = screen.getByRole('button', { name: 'Menu' });

    await user.click(button);
    const compact = screen.getByRole('menu', { name: 'Menu' });
    expect(
      within(compact)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(menuItems());
    expect(within(compact).getByRole('menuitem', { name: 'Account' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Invitations' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?section=invitations');
    expect(
      await screen.findByRole('heading', { name: 'Invitation Management', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens a deep-linked section', async () => {
    signedInAs(SYSTEM_ADMIN);
    renderApp('/?section=iqm');

    expect(await screen.findByRole('heading', { name: 'IQM Resonance' })).toBeInTheDocument();
    expect(menu().getByRole('link', { name: 'IQM' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['/admin', 'Admin Panel', 'User Management'],
    ['/logs', 'Audit Logs', 'Audit Logs'],
  ])('opens %s on its own section for an administrator', async (path, heading, currentItem) => {
    signedInAs(SYSTEM_ADMIN);
    renderApp(path);

    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    const current = menu()
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    expect(current).toEqual(currentItem ? [currentItem] : []);
  });

  it.each(['/admin', '/logs'])('keeps %s from a user', async (path) => {
    signedInAs();
    renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText('Administrator privileges are required to access this page.'),
    ).toBeInTheDocument();
  });

  it.each(['users', 'invitations', 'iqm'])('denies the admin section %s to a user', async (section) => {
    signedInAs();
    renderApp(`/?section=${section}`);

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText('System administrator privileges are required to access this page.'),
    ).toBeInTheDocument();
  });

  it('fetches the permissions when it opens', async () => {
    const counter = signedInAs();
    renderApp('/');

    await screen.findByText('Welcome, ada@example.com');
    await screen.findByRole('link', { name: 'Organizations' });
    expect(counter.permissionFetches).toBeGreaterThanOrEqual(1);
  });

  it('logs out: tells the server, clears the session and auth caches only, and shows the login page', async () => {
    signedInAs();
    localStorage.setItem('auth_settings_cache', '{}');
    localStorage.setItem('marketplace_mapping_id', 'map-1');
    localStorage.setItem('console_theme', 'monochrome');
    let logoutAuthorization: string | null = null;
    server.use(
      http.post(apiPath('/auth/logout'), ({ request }) => {
        logoutAuthorization = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { user } = renderApp('/?section=account');
    await screen.findByText('Welcome, ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(logoutAuthorization).toBe('Bearer access-token');
    for (const key of [
      'auth_token',
      'refresh_token',
      'token_expires_at',
      'user_email',
      'auth_settings_cache',
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('marketplace_mapping_id')).toBe('map-1');
    expect(localStorage.getItem('console_theme')).toBe('monochrome');
  });

  it('logs out locally even when the server call fails', async () => {
    signedInAs();
    server.use(
      http.post(apiPath('/auth/logout'), () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    const { user } = renderApp('/');
    await screen.findByText('Welcome, ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
