/**
 * A failed call to IQM Resonance. `status` is the HTTP status IQM answered with, or null when there was no
 * usable answer (unreachable, too slow) or the failure is the job's own.
 */
export class IqmError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'IqmError';
  }
}
