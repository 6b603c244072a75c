import { HttpError } from '../../../lib/http-errors.ts';

/** What the call was about, for the messages: 'Amazon Braket', 'the job's logs', 'your access role'. */
export type AwsCallTarget = 'access role' | 'Amazon Braket' | 'job logs' | 'job output';

/** The service behind each target, as the timeout and outage messages name it. */
const SERVICE: Record<AwsCallTarget, string> = {
  'access role': 'AWS STS',
  'Amazon Braket': 'Amazon Braket',
  'job logs': 'CloudWatch Logs',
  'job output': 'Amazon S3',
};

const ACCESS_KEY = /\b(?:AKIA|ASIA)[0-9A-Z]{12,}\b/g;
const SECRET_LIKE = /\b(?:secret|session|token|signature)[\w-]*\s*[=:]\s*\S+/gi;

/** A service message fit to show: no access key ids, nothing that looks like a secret, one line. */
export function sanitizeAwsMessage(message: string): string {
  return message
    .replace(ACCESS_KEY, '[redacted]')
    .replace(SECRET_LIKE, '[redacted]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

const NAMES = {
  accessDenied: ['AccessDenied', 'AccessDeniedException', 'UnauthorizedOperation', 'ExpiredToken'],
  throttling: ['ThrottlingException', 'Throttling', 'TooManyRequestsException', 'RequestLimitExceeded'],
  validation: [
    'ValidationException',
    'ValidationError',
    'InvalidParameterException',
    'InvalidParameterValue',
  ],
  notFound: ['ResourceNotFoundException', 'NoSuchEntity'],
  /** The connection or the answer took longer than the client's timeouts (client-config.ts), every attempt. */
  timeout: ['TimeoutError', 'RequestTimeout', 'RequestTimeoutException'],
  /** No answer at all: the service could not be reached. */
  unreachable: ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'],
} as const;

const isIn = (list: readonly string[], name: string) => list.includes(name);

/**
 * An AWS SDK error as the `{message}` HTTP error the caller sees: 504 when the service did not answer within
 * the client's timeouts, 503 when it could not be reached, 403 access denied, 429 throttling, 400 validation,
 * 404 not found, and Braket's quota, conflict and device errors; anything else is a 502.
 * Messages never carry credentials: access denied and throttling get fixed texts, the others a sanitized
 * copy of the service's words.
 */
export function awsHttpError(error: unknown, target: AwsCallTarget): HttpError {
  if (error instanceof HttpError) return error;
  const name = error instanceof Error ? error.name : '';
  const detail = error instanceof Error ? sanitizeAwsMessage(error.message) : '';
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (isIn(NAMES.timeout, name)) {
    return new HttpError(504, `${SERVICE[target]} did not answer in time; try again shortly.`);
  }
  if (isIn(NAMES.unreachable, code) || isIn(NAMES.unreachable, name)) {
    return new HttpError(503, `${SERVICE[target]} could not be reached; try again shortly.`);
  }
  if (isIn(NAMES.accessDenied, name)) {
    return new HttpError(
      403,
      target === 'access role'
        ? 'AWS denied assuming your access role: check that it trusts the platform with your external id.'
        : `AWS denied access to ${target}: check the permissions of your access role.`,
      { code: 'cloud_access_denied' },
    );
  }
  if (isIn(NAMES.throttling, name)) {
    return new HttpError(
      429,
      `${target === 'job logs' || target === 'job output' ? SERVICE[target] : 'AWS'} is throttling requests; try again shortly.`,
    );
  }
  if (isIn(NAMES.validation, name)) return new HttpError(400, `${target} refused the request: ${detail}`);
  if (isIn(NAMES.notFound, name)) {
    return new HttpError(
      404,
      target === 'job logs' ? 'No logs found for this job.' : `Not found in ${target}: ${detail}`,
    );
  }
  if (name === 'ServiceQuotaExceededException')
    return new HttpError(402, `Amazon Braket quota exceeded: ${detail}`);
  if (name === 'ConflictException') return new HttpError(409, `Amazon Braket reported a conflict: ${detail}`);
  if (name === 'DeviceRetiredException') return new HttpError(410, `The device is retired: ${detail}`);
  if (name === 'DeviceOfflineException') return new HttpError(424, `The device is offline: ${detail}`);
  return new HttpError(502, `${target} request failed${name ? ` (${name})` : ''}.`);
}
