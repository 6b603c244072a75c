import { messageResponse } from '@hivqe/contract';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../test/jwt.ts';
import { apiPath, server } from '../test/server.ts';
import { createApiClient, type TabLocks } from './api-client.ts';
import { ApiError } from './api-error.ts';

const ok = { message: 'ok' };

/** The Web Locks of one browser, as its tabs share them: whoever asks next waits for the holder to finish. */
function sharedLocks(): TabLocks & { names: string[] } {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, callback: () => Promise<T>) {
      names.push(name);
      const held = tail.then(callback);
      tail = held.catch(() => undefined);
      return held;
    },
  };
}

function storeSession(tokens: Record<string, string>) {
  for (const [key, value] of Object.entries(tokens)) localStorage.setItem(key, value);
}

/** Answers the refresh call with rotated tokens and records what it was sent. */
function refreshSucceeds() {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiPath('/auth/refresh'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        access_token: 'fresh-access',
        refresh_token: 'rotated-refresh',
        expires_in: 900,
      });
    }),
  );
  return bodies;
}

describe('api client', () => {
  const onSessionExpired = vi.fn();
  let client: ReturnType<typeof createApiClient>;

  beforeEach(() => {
    onSessionExpired.mockReset();
    client = createApiClient({ onSessionExpired });
  });

  it('sends JSON with the stored access token as a Bearer header', async () => {
    storeSession({ auth_token: 'access-1' });
    let seen: Headers | undefined;
    server.use(
      http.get(apiPath('/auth/me'), ({ request }) => {
        seen = request.headers;
        return HttpResponse.json(ok);
      }),
    );

    await expect(client.request('/auth/me', messageResponse)).resolves.toEqual(ok);
    expect(seen?.get('Authorization')).toBe('Bearer access-1');
    expect(seen?.get('Content-Type')).toBe('application/json');
  });

  it("treats a stored token whose value is 'invalid' as absent", async () => {
    storeSession({ auth_token: 'invalid' });
    let authorization: string | null = 'unset';
    server.use(
      http.get(apiPath('/auth/me'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json(ok);
      }),
    );

    await client.request('/auth/me', messageResponse);
    expect(authorization).toBeNull();
  });

  it('sends an empty JSON object when a non-GET call has no payload', async () => {
    let body = '';
    server.use(
      http.post(apiPath('/auth/logout'), async ({ request }) => {
        body = await request.text();
        return HttpResponse.json(ok);
      }),
    );

    await client.request('/auth/logout', messageResponse, { method: 'POST' });
    expect(body).toBe('{}');
  });

  it('refreshes once for many concurrent 401s and retries each call once with X-Retry: 1', async () => {
    storeSession({ auth_token: 'stale', refresh_token: 'refresh-1', user_email: 'ada@example.com' });
    const refreshBodies = refreshSucceeds();
    const calls: { authorization: string | null; retry: string | null }[] = [];
    server.use(
      http.get(apiPath('/auth/me'), ({ request }) => {
        const authorization = request.headers.get('Authorization');
        calls.push({ authorization, retry: request.headers.get('X-Retry') });
        return authorization === 'Bearer fresh-access'
          ? HttpResponse.json(ok)
          : HttpResponse.json({ message: 'Authentication required' }, { status: 401 });
      }),
    );

    const results = await Promise.all(
      Array.from({ length: 5 }, () => client.request('/auth/me', messageResponse)),
    );

    expect(results).toEqual(Array(5).fill(ok));
    expect(refreshBodies).toEqual([{ refresh_token: 'refresh-1', email: 'ada@example.com' }]);
    const retries = calls.filter((call) => call.retry !== null);
    expect(retries).toHaveLength(5);
    expect(retries.every((call) => call.retry === '1' && call.authorization === 'Bearer fresh-access')).toBe(
      true,
    );
    expect(localStorage.getItem('auth_token')).toBe('fresh-access');
    expect(localStorage.getItem('refresh_token')).toBe('rotated-refresh');
  });

  it('clears the tokens, goes to / and fails with Authentication expired when the refresh fails', async () => {
    storeSession({ auth_token: 'stale', refresh_token: 'refresh-1', token_expires_at: '1' });
    server.use(
      http.get(apiPath('/auth/me'), () => HttpResponse.json({ message: 'no' }, { status: 401 })),
      http.post(apiPath('/auth/refresh'), () => HttpResponse.json({ message: 'no' }, { status: 401 })),
    );

    await expect(client.request('/auth/me', messageResponse)).rejects.toThrow('Authentication expired');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('token_expires_at')).toBeNull();
  });

  it('fails with Authentication expired without refreshing when no refresh token is stored', async () => {
    storeSession({ auth_token: 'stale', refresh_token: 'invalid' });
    const refreshBodies = refreshSucceeds();
    server.use(http.get(apiPath('/auth/me'), () => HttpResponse.json({ message: 'no' }, { status: 401 })));

    await expect(client.request('/auth/me', messageResponse)).rejects.toThrow('Authentication expired');
    expect(refreshBodies).toHaveLength(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not loop when the retried call is refused again', async () => {
    storeSession({ auth_token: 'stale', refresh_token: 'refresh-1' });
    const refreshBodies = refreshSucceeds();
    let attempts = 0;
    server.use(
      http.get(apiPath('/auth/me'), () => {
        attempts += 1;
        return HttpResponse.json({ message: 'no' }, { status: 401 });
      }),
    );

    await expect(client.request('/auth/me', messageResponse)).rejects.toThrow('Authentication expired');
    expect(attempts).toBe(2);
    expect(refreshBodies).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('reports any other failure as API Error with status, status text and body', async () => {
    server.use(
      http.get(apiPath('/auth/me'), () =>
        HttpResponse.text('body', { status: 500, statusText: 'Internal Server Error' }),
      ),
    );

    const failure = client.request('/auth/me', messageResponse);
    await expect(failure).rejects.toThrow('API Error: 500 Internal Server Error - body');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
  });

  it("leaves a 401 of a call marked on401: 'fail' as a plain API error and keeps the session", async () => {
    storeSession({ auth_token: 'access-1', refresh_token: 'refresh-1' });
    const refreshBodies = refreshSucceeds();
    server.use(
      http.post(apiPath('/auth/login'), () =>
        HttpResponse.json(
          { message: 'Incorrect username or password.' },
          { status: 401, statusText: 'Unauthorized' },
        ),
      ),
    );

    const failure = client.request('/auth/login', messageResponse, { method: 'POST', on401: 'fail' });
    await expect(failure).rejects.toThrow(
      'API Error: 401 Unauthorized - {"message":"Incorrect username or password."}',
    );
    expect(refreshBodies).toHaveLength(0);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem('auth_token')).toBe('access-1');
  });

  describe('refresh', () => {
    it("fails with 'No refresh token' when none is stored", async () => {
      await expect(client.refreshTokens()).rejects.toThrow('No refresh token');
    });

    it("fails with 'Refresh failed: ' + status + body when the server refuses", async () => {
      storeSession({ refresh_token: 'refresh-1' });
      server.use(http.post(apiPath('/auth/refresh'), () => HttpResponse.text('expired', { status: 401 })));

      await expect(client.refreshTokens()).rejects.toThrow('Refresh failed: 401 expired');
    });

    it("fails with 'No access_token in refresh response' when the answer lacks one", async () => {
      storeSession({ refresh_token: 'refresh-1' });
      server.use(http.post(apiPath('/auth/refresh'), () => HttpResponse.json({ refresh_token: 'r' })));

      await expect(client.refreshTokens()).rejects.toThrow('No access_token in refresh response');
    });

    it.each([
      [{ email: 'from-email@example.com', username: 'u-1' }, 'from-email@example.com'],
      [{ username: 'u-1', 'cognito:username': 'c-1' }, 'u-1'],
      [{ 'cognito:username': 'c-1' }, 'c-1'],
    ])(
      'without a remembered e-mail, sends the identity read from the access token %o',
      async (claims, email) => {
        storeSession({ auth_token: fakeJwt(claims), refresh_token: 'refresh-1' });
        const refreshBodies = refreshSucceeds();

        await client.refreshTokens();
        expect(refreshBodies).toEqual([{ refresh_token: 'refresh-1', email }]);
      },
    );
  });

  describe('proactive refresh', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });

    it('refreshes 60 seconds before the access token expires', async () => {
      const refreshBodies = refreshSucceeds();
      client.startSession({ access_token: 'a', refresh_token: 'refresh-1', expires_in: 120 });
      expect(Number(localStorage.getItem('token_expires_at'))).toBe(Date.now() + 120_000);

      await vi.advanceTimersByTimeAsync(59_000);
      expect(refreshBodies).toHaveLength(0);

      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(refreshBodies).toHaveLength(1));
      expect(localStorage.getItem('refresh_token')).toBe('rotated-refresh');
    });

    it('clears the session and goes to / when the proactive refresh fails', async () => {
      server.use(http.post(apiPath('/auth/refresh'), () => HttpResponse.text('gone', { status: 401 })));
      client.startSession({ access_token: 'a', refresh_token: 'refresh-1', expires_in: 61 });

      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(onSessionExpired).toHaveBeenCalledTimes(1));
      expect(localStorage.getItem('auth_token')).toBeNull();
      expect(localStorage.getItem('refresh_token')).toBeNull();
    });

    it('after a page load, schedules the refresh of the stored tokens', async () => {
      const refreshBodies = refreshSucceeds();
      storeSession({
        auth_token: 'a',
        refresh_token: 'refresh-1',
        token_expires_at: String(Date.now() + 90_000),
      });
      client.resumeSession();

      await vi.advanceTimersByTimeAsync(30_000);
      await vi.waitFor(() => expect(refreshBodies).toHaveLength(1));
    });
  });

  describe('across tabs', () => {
    let locks: ReturnType<typeof sharedLocks>;
    let tabA: ReturnType<typeof createApiClient>;
    let tabB: ReturnType<typeof createApiClient>;

    beforeEach(() => {
      locks = sharedLocks();
      tabA = createApiClient({ onSessionExpired, locks });
      tabB = createApiClient({ onSessionExpired, locks });
    });

    afterEach(() => {
      tabA.endSession();
      tabB.endSession();
    });

    it('refreshes once when two tabs meet a 401 at the same time; both retry with the new token', async () => {
      storeSession({ auth_token: 'stale', refresh_token: 'refresh-1', token_expires_at: '1' });
      const refreshBodies = refreshSucceeds();
      server.use(
        http.get(apiPath('/auth/me'), ({ request }) =>
          request.headers.get('Authorization') === 'Bearer fresh-access'
            ? HttpResponse.json(ok)
            : HttpResponse.json({ message: 'Authentication required' }, { status: 401 }),
        ),
      );

      const results = await Promise.all([
        tabA.request('/auth/me', messageResponse),
        tabB.request('/auth/me', messageResponse),
      ]);

      expect(results).toEqual([ok, ok]);
      expect(refreshBodies).toEqual([{ refresh_token: 'refresh-1' }]);
      expect(locks.names).toEqual(['hivqe-refresh', 'hivqe-refresh']);
      expect(onSessionExpired).not.toHaveBeenCalled();
      expect(localStorage.getItem('refresh_token')).toBe('rotated-refresh');
    });

    describe('proactive refresh', () => {
      beforeEach(() => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      });

      it('refreshes once when the timers of two tabs fire together', async () => {
        const refreshBodies = refreshSucceeds();
        tabA.startSession({ access_token: 'a', refresh_token: 'refresh-1', expires_in: 120 });
        tabB.resumeSession();

        await vi.advanceTimersByTimeAsync(60_000);
        await vi.waitFor(() => expect(locks.names).toHaveLength(2));
        expect(refreshBodies).toEqual([{ refresh_token: 'refresh-1' }]);
        expect(onSessionExpired).not.toHaveBeenCalled();
      });

      it("follows another tab's refresh instead of refreshing again at the old time", async () => {
        const refreshBodies = refreshSucceeds();
        tabA.startSession({ access_token: 'a', refresh_token: 'refresh-1', expires_in: 120 });
        tabB.resumeSession();
        await vi.advanceTimersByTimeAsync(10_000);
        await tabA.refreshTokens();

        await vi.advanceTimersByTimeAsync(60_000);
        expect(refreshBodies).toHaveLength(1);
      });
    });
  });
});
