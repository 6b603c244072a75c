import { HttpError } from '../../lib/http-errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/service-faults.ts';

/** Short enough for an orchestrator's probe (Kubernetes waits 1 s by default; set its timeoutSeconds above this). */
export const READINESS_TIMEOUT_MS = 2_000;

export const NOT_READY_MESSAGE = 'Not ready: the database does not answer. Try again in a few seconds.';

/**
 * Whether this process can serve requests that need the database: a `select 1` answered in time. What failed is
 * logged, never told: the probe is open to anyone.
 */
export class Readiness {
  constructor(
    private readonly database: { ping(): Promise<void> },
    private readonly timeoutMs = READINESS_TIMEOUT_MS,
  ) {}

  async check(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the database did not answer in ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
    });
    try {
      await Promise.race([this.database.ping(), late]);
    } catch (error) {
      throw new NotReadyError(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A 503 with `Retry-After`; its cause is for the log. */
export class NotReadyError extends HttpError {
  constructor(cause: unknown) {
    super(503, NOT_READY_MESSAGE, {
      code: 'database_unavailable',
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
    this.cause = cause;
  }
}
