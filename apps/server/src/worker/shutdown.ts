import type { FastifyBaseLogger } from 'fastify';

/** How long a clean shutdown may take before the process exits without finishing it. */
export const SHUTDOWN_BOUND_MS = 10_000;

/**
 * On SIGTERM or SIGINT, runs `close` once (stop taking work, hand running jobs back, drain requests, close
 * the database) and exits 0. Should it fail, or not finish within `boundMs` (a request that never ends, a
 * database that does not answer), the process says so and exits 1 anyway, so an orchestrator's stop never
 * hangs; a job not handed back is then freed by the sweeper once its lease runs out. A second signal while
 * closing changes nothing.
 */
export function exitOnSignals(
  close: () => Promise<void>,
  log: FastifyBaseLogger,
  boundMs = SHUTDOWN_BOUND_MS,
): void {
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: no new jobs or requests; handing running jobs back');
    setTimeout(() => {
      log.error(`shutdown did not finish within ${boundMs} ms; exiting without finishing it`);
      process.exit(1);
    }, boundMs);
    close().then(
      () => {
        log.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed; exiting');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
}
