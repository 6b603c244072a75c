/** PGlite's file system speaks Emscripten's errno numbers; these are the ones the server meets. */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/**
 * The system error code of `error`: Node's `code`, a PGlite ErrnoError's errno (not always an Error), or that of
 * its cause (a failed query wraps the driver's error) or of an AggregateError's first error.
 */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errno, name, cause } = error as {
    code?: unknown;
    errno?: unknown;
    name?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string') return code;
  if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno];
  if (error instanceof AggregateError) return errorCode(error.errors[0]);
  return errorCode(cause);
}
