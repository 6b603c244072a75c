/**
 * Cooperative cancellation for long computations. The engine runs on one thread, so an abort request
 * (a message to a worker, a timer, a signal handler) can only be delivered while the computation
 * yields to the event loop. Long loops therefore ask `due()` often (it is cheap) and, when a time
 * slice is used up, `await pause()`, which yields and throws an AbortError once the signal has fired.
 */
export class CancelPoint {
  private sliceStart = performance.now();

  constructor(
    readonly signal?: AbortSignal,
    private readonly sliceMs = 40,
  ) {}

  /** True when the current time slice is used up and the caller should `await pause()`. */
  due(): boolean {
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  async pause(): Promise<void> {
    this.throwIfAborted();
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.throwIfAborted();
    this.sliceStart = performance.now();
  }

  throwIfAborted(): void {
    if (this.signal?.aborted) throw abortError(this.signal.reason);
  }
}

export function abortError(reason?: unknown): DOMException {
  const error = new DOMException('The run was cancelled', 'AbortError');
  if (reason !== undefined) Object.defineProperty(error, 'cause', { value: reason });
  return error;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
