import { NodeHttpHandler } from '@smithy/node-http-handler';

/**
 * How every AWS SDK client of the server calls its service: bounded waits, and retries with backoff when the
 * service throttles. Without a timeout the SDK waits on a silent connection for as long as the socket lives
 * (a hung CreateJob held its request for 120 s); with them, a call that cannot succeed ends within
 * maxAttempts × (connection + request timeout) plus the backoff between attempts.
 */
export interface AwsCallSettings {
  /** Longest wait for the TCP/TLS connection. */
  connectionTimeoutMs: number;
  /** Longest wait for one attempt's whole response once connected. */
  requestTimeoutMs: number;
  /** Attempts per call, the first included; retries back off (adaptive: also slows down on throttling). */
  maxAttempts: number;
  /**
   * Sends the customer-account calls (Braket, S3, CloudWatch Logs) to this URL instead of AWS: the local
   * stand-in in tests. S3 is then addressed by path, as a single-host endpoint needs.
   */
  endpoint?: string;
}

export const AWS_CALL_DEFAULTS: AwsCallSettings = {
  connectionTimeoutMs: 3_000,
  requestTimeoutMs: 10_000,
  maxAttempts: 3,
};

/** An assumed role's temporary credentials, as the SDK takes them. */
export interface AwsSessionCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export interface AwsClientOptions {
  region: string;
  /** Temporary credentials of an assumed role; absent: the platform's own (the SDK's default chain). */
  credentials?: AwsSessionCredentials;
  calls?: Partial<AwsCallSettings>;
  /** A call that waits by design longer than the request timeout (SQS long polling) gets its own. */
  requestTimeoutMs?: number;
  /** Whether `calls.endpoint` applies: only the customer-account services are stood in for. */
  standIn?: boolean;
}

/** The one configuration every AWS client of the server is built with; spread into the client's constructor. */
export function awsClientConfig(options: AwsClientOptions) {
  const calls = { ...AWS_CALL_DEFAULTS, ...options.calls };
  const endpoint = options.standIn ? calls.endpoint : undefined;
  return {
    region: options.region,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(endpoint ? { endpoint } : {}),
    maxAttempts: calls.maxAttempts,
    retryMode: 'adaptive' as const,
    requestHandler: new NodeHttpHandler({
      connectionTimeout: calls.connectionTimeoutMs,
      requestTimeout: options.requestTimeoutMs ?? calls.requestTimeoutMs,
      // Without it the SDK only logs a breached request timeout and keeps waiting.
      throwOnRequestTimeout: true,
    }),
  };
}

/** S3's configuration: as above, addressed by path when a stand-in serves every bucket on one host. */
export function s3ClientConfig(options: AwsClientOptions) {
  const config = awsClientConfig({ ...options, standIn: true });
  return { ...config, forcePathStyle: 'endpoint' in config };
}
