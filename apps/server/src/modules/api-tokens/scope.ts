import { API_BASE, API_TOKEN_MESSAGES, type ApiTokenScope } from '@hivqe/contract';

/** Routes that manage the account itself: an API token stands in for none of them, whatever its scope. */
const ACCOUNT_PREFIX = `${API_BASE}/account/`;
const ACCOUNT_ROUTES = new Set([
  `POST ${API_BASE}/auth/change-password`,
  `POST ${API_BASE}/auth/re-authenticate`,
  `POST ${API_BASE}/auth/logout`,
  `DELETE ${API_BASE}/auth/me`,
  `PUT ${API_BASE}/auth/me/profile`,
]);
/** Where a `jobs` token may also write: hybrid jobs, scans and IQM jobs (the last need an administrator). */
const JOBS_PREFIX = `${API_BASE}/hi-vqe/`;

/**
 * Why a request made with a token of `scope` is refused, or null when the scope allows it. `route` is the
 * matched route's pattern (so a path parameter cannot smuggle a prefix in). Administration routes refuse
 * tokens in requireAdmin.
 */
export function scopeRefusal(scope: ApiTokenScope, method: string, route: string): string | null {
  if (route.startsWith(ACCOUNT_PREFIX) || ACCOUNT_ROUTES.has(`${method} ${route}`)) {
    return API_TOKEN_MESSAGES.sessionOnly;
  }
  if (method === 'GET' || method === 'HEAD') return null;
  if (scope === 'jobs' && route.startsWith(JOBS_PREFIX)) return null;
  return scope === 'read' ? API_TOKEN_MESSAGES.readOnly : API_TOKEN_MESSAGES.outOfScope;
}
