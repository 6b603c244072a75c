import { API_BASE, REFRESH_BEFORE_EXPIRY_SECONDS, RETRY_HEADER, tokenResponse } from '@hivqe/contract';
import { ApiError } from './api-error.ts';
import { identityFromToken } from './jwt-claims.ts';
import { reloadAtRoot } from './navigation.ts';
import {
  accessToken,
  clearTokens,
  refreshToken,
  rememberedEmail,
  saveTokens,
  tokenExpiresAt,
} from './token-storage.ts';

/** Any validator with zod's `parse`; every answer is checked against the contract's schema. */
export interface Schema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * 'refresh' (default): a 401 means the access token aged, so refresh and retry once.
   * 'fail': a 401 means the credentials in the call itself were refused (a wrong password, a session
   * already ended); it is an ordinary ApiError and must not end the session or reload the page.
   */
  on401?: 'refresh' | 'fail';
}

/** The part of the Web Locks API the client uses: one holder of a name at a time across the browser's tabs. */
export interface TabLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ApiClientOptions {
  /** Where an unrecoverable session goes; tests inject a spy. */
  onSessionExpired?: () => void;
  /**
   * Serializes token refreshes across the tabs that share the stored tokens. Default: the browser's Web Locks;
   * where there are none (an insecure origin, jsdom) each tab refreshes alone and the server's reuse grace
   * keeps a concurrent second refresh from ending the session.
   */
  locks?: TabLocks;
}

const AUTH_EXPIRED = 'Authentication expired';
const REFRESH_LOCK = 'hivqe-refresh';

function browserLocks(): TabLocks | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks;
}

/** The one way the console talks to the API (accounts.md 7.1, 4.3 and 8). */
export function createApiClient({
  onSessionExpired = reloadAtRoot,
  locks = browserLocks(),
}: ApiClientOptions = {}) {
  let refreshInFlight: Promise<string> | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;

  function endSession(): void {
    clearTimeout(refreshTimer);
    refreshTimer = undefined;
    clearTokens();
  }

  function expireSession(): Error {
    endSession();
    onSessionExpired();
    return new Error(AUTH_EXPIRED);
  }

  function scheduleRefresh(expiresAt: number): void {
    clearTimeout(refreshTimer);
    const delay = Math.max(0, expiresAt - REFRESH_BEFORE_EXPIRY_SECONDS * 1000 - Date.now());
    // The token this timer is due to replace: if another tab replaced it first, there is nothing left to do.
    const due = refreshToken();
    refreshTimer = setTimeout(() => {
      refreshTokens(due).catch(() => expireSession());
    }, delay);
  }

  /**
   * Under the cross-tab lock: when the stored refresh token is no longer `stale`, another tab refreshed while
   * this one waited, and its tokens are already in the shared storage.
   */
  async function performRefresh(stale: string | null): Promise<string> {
    const token = refreshToken();
    if (!token) throw new Error('No refresh token');
    const current = accessToken();
    const expiresAt = tokenExpiresAt();
    if (token !== stale && current && expiresAt) {
      scheduleRefresh(expiresAt);
      return current;
    }
    const email = rememberedEmail() ?? (current ? identityFromToken(current) : null) ?? undefined;
    const response = await fetch(`${API_BASE}/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: token, email }),
    });
    if (!response.ok) throw new Error(`Refresh failed: ${response.status} ${await response.text()}`);
    const data: unknown = await response.json();
    if (!data || typeof data !== 'object' || !('access_token' in data) || !data.access_token) {
      throw new Error('No access_token in refresh response');
    }
    const tokens = tokenResponse.parse(data);
    scheduleRefresh(saveTokens(tokens));
    return tokens.access_token;
  }

  /**
   * Single flight: every caller that meets a 401 while a refresh runs waits for that same refresh; across tabs,
   * the lock lets one refresh and the others pick up its tokens. `stale`: the refresh token the caller saw fail.
   */
  function refreshTokens(stale = refreshToken()): Promise<string> {
    const refresh = () => performRefresh(stale);
    refreshInFlight ??= (locks ? locks.request(REFRESH_LOCK, refresh) : refresh()).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function send<T>(
    path: string,
    schema: Schema<T>,
    options: RequestOptions,
    isRetry: boolean,
  ): Promise<T> {
    const method = options.method ?? 'GET';
    const token = accessToken();
    const sentWithRefreshToken = refreshToken();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(isRetry ? { [RETRY_HEADER]: '1' } : {}),
      ...options.headers,
    };
    // The server refuses an empty body declared as JSON, so a call without payload sends `{}`.
    const body = method === 'GET' ? undefined : JSON.stringify(options.body ?? {});
    const response = await fetch(`${API_BASE}${path}`, { method, headers, body });

    if (response.status === 401 && options.on401 !== 'fail') {
      if (!refreshToken() || isRetry) throw expireSession();
      try {
        await refreshTokens(sentWithRefreshToken);
      } catch {
        throw expireSession();
      }
      return send(path, schema, options, true);
    }
    if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
    return schema.parse(await response.json());
  }

  return {
    request: <T>(path: string, schema: Schema<T>, options: RequestOptions = {}) =>
      send(path, schema, options, false),
    refreshTokens: () => refreshTokens(),
    /** Stores a fresh login's tokens and schedules their proactive refresh. */
    startSession: (tokens: Parameters<typeof saveTokens>[0]) => scheduleRefresh(saveTokens(tokens)),
    /** After a page load: schedules the refresh of tokens stored by an earlier visit. */
    resumeSession: () => {
      const expiresAt = tokenExpiresAt();
      if (expiresAt && accessToken()) scheduleRefresh(expiresAt);
    },
    endSession,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const apiClient = createApiClient();
