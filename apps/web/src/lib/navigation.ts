/** Leaves the single-page app for '/', dropping all in-memory state (the API client's last resort). */
export function reloadAtRoot(): void {
  window.location.assign('/');
}
