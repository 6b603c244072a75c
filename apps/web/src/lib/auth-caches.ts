/**
 * Caches derived from the signed-in user live in local storage under this prefix, so logout can drop
 * them all without touching anything that is not a cache (theme, marketplace mapping id).
 */
export const AUTH_CACHE_PREFIX = 'auth_';

export function clearAuthCaches(): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) {
    if (key?.startsWith(AUTH_CACHE_PREFIX)) localStorage.removeItem(key);
  }
}
