/** What another screen may hand the login screen through router state (e.g. after accepting an invitation). */
export interface LoginRouteState {
  message?: string;
  email?: string;
}

/** Router state is whatever the history entry holds, so it is read defensively. */
export function readLoginRouteState(state: unknown): LoginRouteState {
  if (!state || typeof state !== 'object') return {};
  const { message, email } = state as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    email: typeof email === 'string' ? email : undefined,
  };
}
