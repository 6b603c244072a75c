import { defaultErrorCode, type ApiErrorCode } from '@hivqe/contract';

/** An error with an HTTP status whose message is safe to show the caller, and the code a program reads. */
export class HttpError extends Error {
  readonly code: ApiErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    options: {
      /** The kind of refusal; absent: the usual one of `statusCode`. */
      code?: ApiErrorCode;
      /** For a 429 or 503: seconds until the caller may try again, sent as `Retry-After`. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.code = options.code ?? defaultErrorCode(statusCode);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  readonly retryAfterSeconds: number | undefined;
}

export const badRequest = (message: string, code?: ApiErrorCode) => new HttpError(400, message, { code });
export const unauthorized = (message: string, code?: ApiErrorCode) => new HttpError(401, message, { code });
export const forbidden = (message: string, code?: ApiErrorCode) => new HttpError(403, message, { code });
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number, code?: ApiErrorCode) =>
  new HttpError(429, message, { code, retryAfterSeconds });
