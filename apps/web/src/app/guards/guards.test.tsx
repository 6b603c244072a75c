import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { apiPath, server } from '../../test/server.ts';
import { signedInAs, SYSTEM_ADMIN } from '../../test/session.ts';

describe('protected route', () => {
  it("says 'Checking authentication status...' while the stored session is checked", async () => {
    signedInAs();
    server.use(
      http.get(apiPath('/auth/me'), async () => {
        await delay(100);
        return HttpResponse.json({ is_authenticated: true, username: 'u', email: 'ada@example.com' });
      }),
    );
    renderApp('/');

    expect(screen.getByText('Checking authentication status...')).toBeInTheDocument();
    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
  });

  it('shows the login screen in place to a visitor without a stored token, without asking the server', () => {
    renderApp('/about');

    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/about');
  });

  it('shows the login screen when the server no longer accepts the stored session', async () => {
    signedInAs();
    server.use(
      http.get(apiPath('/auth/me'), () =>
        HttpResponse.json({ is_authenticated: false, username: '', email: '' }),
      ),
    );
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });
});

describe('admin-only route', () => {
  it("says 'Loading...' until the permissions arrive, then admits a system administrator", async () => {
    signedInAs(SYSTEM_ADMIN);
    server.use(
      http.get(apiPath('/auth/me/permissions'), async () => {
        await delay(100);
        return HttpResponse.json({ permissions: [], groups: ['system_admin', 'user'] });
      }),
    );
    renderApp('/admin');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
  });

  it('admits a member of the admin group', async () => {
    signedInAs({ groups: ['admin'] });
    renderApp('/logs');

    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
  });

  it.each(['/admin', '/logs'])('denies %s to a user, with a way home', async (path) => {
    signedInAs();
    const { user } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText('Administrator privileges are required to access this page.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
