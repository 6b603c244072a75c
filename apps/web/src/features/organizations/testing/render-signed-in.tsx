import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type PathParams } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { apiPath, server } from '../../../test/server.ts';
import { signedInAs, type TestUser } from '../../../test/session.ts';
import { useAuth } from '../../auth/auth-context.ts';

const SIGNING_IN = 'Signing in...';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Holds the page back until the session and its permissions are known, as the home shell's sections are. */
function WhenSignedIn({ children }: { children: ReactNode }) {
  const { isAuthenticated, isPermissionsLoading } = useAuth();
  return isAuthenticated && !isPermissionsLoading ? children : <p>{SIGNING_IN}</p>;
}

/**
 * One screen of the signed-in console, with fresh caches and a session for `testUser`; the tests of the
 * sections not yet wired into the home shell render them through this.
 */
export async function renderSignedIn(page: ReactNode, testUser?: TestUser) {
  signedInAs(testUser);
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <Routes>
          <Route path="*" element={<WhenSignedIn>{page}</WhenSignedIn>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  await waitFor(() => expect(screen.queryByText(SIGNING_IN)).not.toBeInTheDocument());
  return { user, ...view };
}

export interface RecordedRequest {
  url: URL;
  params: PathParams;
  /** The JSON body, if any. */
  body: unknown;
  headers: Headers;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Answers `method path` with `respond` and keeps every request it receives, in order. */
export function recordRequests(
  method: Method,
  path: string,
  respond: (request: RecordedRequest) => Response | Promise<Response> = () => HttpResponse.json({}),
): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  server.use(
    http[method](apiPath(path), async ({ request, params }) => {
      const text = await request.text();
      const recorded = {
        url: new URL(request.url),
        params,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        headers: request.headers,
      };
      requests.push(recorded);
      return respond(recorded);
    }),
  );
  return requests;
}

/** A failure with the server's `{message}`, or a bare one that leaves the screen its fallback text. */
export const failure = (message?: string, status = 500) =>
  message ? HttpResponse.json({ message }, { status }) : new HttpResponse('upstream failure', { status });

/**
 * From here on only setTimeout is faked, so a screen's delays (a reload, a redirect) can be stepped through
 * exactly. Testing Library's own waits need real timeouts: drive the screen with fireEvent and `advance`.
 */
export function fakeTimeouts() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Moves the faked clock on, running the timeouts, promises and React updates that fall due. */
export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
