export const adminKeys = {
  all: ['admin'] as const,
  users: (search: string) => [...adminKeys.all, 'users', search] as const,
  history: (search: string, page: number) => [...adminKeys.all, 'history', search, page] as const,
  logs: (search: string, page: number) => [...adminKeys.all, 'logs', search, page] as const,
};

/** A query string without the parameters that are not set. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).flatMap(([key, value]) =>
    value === undefined || value === '' ? [] : [[key, String(value)]],
  );
  return new URLSearchParams(entries).toString();
}
