import type { ServerResponse } from 'node:http';
import { s3ErrorXml } from '../s3/operations.ts';
import type { ServiceName } from '../validation/models.ts';
import { AwsError } from './errors.ts';

/** Each service's answers for a refused request (validation), a throttled one and an internal failure. */
export const SERVICE_ERRORS: Record<
  ServiceName,
  Record<'validation' | 'throttle' | 'error', [string, number]>
> = {
  braket: {
    validation: ['ValidationException', 400],
    throttle: ['ThrottlingException', 429],
    error: ['InternalServiceException', 500],
  },
  s3: { validation: ['InvalidArgument', 400], throttle: ['SlowDown', 503], error: ['InternalError', 500] },
  logs: {
    validation: ['InvalidParameterException', 400],
    throttle: ['ThrottlingException', 400],
    error: ['ServiceUnavailableException', 500],
  },
};

export function serviceError(
  service: ServiceName,
  kind: 'validation' | 'throttle' | 'error',
  message: string,
): AwsError {
  const [code, status] = SERVICE_ERRORS[service][kind];
  return new AwsError(code, status, message);
}

/** Writes an error in the service's protocol: REST-JSON and JSON 1.1 name it in x-amzn-ErrorType, S3 in XML. */
export function sendError(
  response: ServerResponse,
  service: ServiceName,
  error: AwsError,
  resource: string,
): void {
  if (service === 's3') {
    response.writeHead(error.status, { 'content-type': 'application/xml' });
    response.end(
      response.req.method === 'HEAD' ? undefined : s3ErrorXml(error.code, error.message, resource),
    );
    return;
  }
  const body =
    service === 'logs' ? { __type: error.code, message: error.message } : { message: error.message };
  response.writeHead(error.status, {
    'content-type': service === 'logs' ? 'application/x-amz-json-1.1' : 'application/json',
    'x-amzn-errortype': error.code,
  });
  response.end(JSON.stringify(body));
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  response.writeHead(status, { 'content-type': contentType, 'x-amzn-requestid': 'stand-in' });
  response.end(JSON.stringify(body));
}
