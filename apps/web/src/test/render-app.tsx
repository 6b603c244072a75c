import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../app/app-routes.tsx';
import { AppProviders } from '../app/providers.tsx';
import { preloadAll } from '../lib/lazy-named.tsx';
import { createQueryClient } from '../lib/query-client.ts';

// The screens and dialogs load on first use; loaded up front, every test's first render shows them at once.
await preloadAll();

/** Shows where the router is, so tests can assert redirects without reaching into router internals. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * The whole console at `path`, with fresh caches: every screen test goes through the real routes and guards.
 * `state` is the router state of the first history entry.
 */
export function renderApp(path = '/', { state }: { state?: unknown } = {}) {
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0], search: searchOf(path), state }]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, ...view };
}

function searchOf(path: string): string {
  const index = path.indexOf('?');
  return index === -1 ? '' : path.slice(index);
}
