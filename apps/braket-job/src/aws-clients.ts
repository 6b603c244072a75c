import { BraketClient } from '@aws-sdk/client-braket';
import { S3Client } from '@aws-sdk/client-s3';

/**
 * Every call has connection and request timeouts, and the SDK's adaptive retry mode: exponential backoff
 * with jitter on throttling and 5xx answers, and a client-side rate that slows down when throttled.
 * Endpoints come from the SDK's own AWS_ENDPOINT_URL_BRAKET / AWS_ENDPOINT_URL_S3 when set.
 */
const common = {
  maxAttempts: 8,
  retryMode: 'adaptive',
  requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
} as const;

export function braketClient(region: string | undefined): BraketClient {
  return new BraketClient({ ...common, region });
}

export function s3Client(region: string | undefined, env: NodeJS.ProcessEnv): S3Client {
  // A local endpoint (a stand-in, MinIO) has no virtual-hosted bucket names.
  const forcePathStyle = Boolean(env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL);
  return new S3Client({ ...common, region, forcePathStyle });
}
