import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AuthContext, type AuthContextValue } from '../../auth/auth-context.ts';
import { NO_PERMISSIONS } from '../../auth/permissions.ts';

export const TEST_USER = { username: 'ada-uuid', user_id: 'ada@example.com', email: 'ada@example.com' };

const signedIn: AuthContextValue = {
  user: TEST_USER,
  permissions: NO_PERMISSIONS,
  isLoading: false,
  isPermissionsLoading: false,
  isAuthenticated: true,
  isNewPasswordRequired: false,
  session: null,
  login: async () => {},
  completeNewPassword: async () => {},
  logout: async () => {},
};

/**
 * A job-side component with what the console gives it: fresh caches, a router, and a signed-in user (the
 * shell's guards are tested elsewhere), without the startup calls of the whole app.
 */
export function renderJobUi(ui: ReactNode, { auth = signedIn }: { auth?: AuthContextValue } = {}) {
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter>{ui}</MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { user, queryClient, ...view };
}

export const signedOut: AuthContextValue = { ...signedIn, user: null, isAuthenticated: false };

/** Opens a jobs table row's action menu and chooses `action` ('Monitor Job', 'Cancel Job'...). */
export async function chooseRowAction(user: UserEvent, row: HTMLElement, action: string) {
  await user.click(within(row).getByRole('button', { name: /^Actions for / }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}
