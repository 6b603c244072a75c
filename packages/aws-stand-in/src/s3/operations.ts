import { AwsError } from '../protocol/errors.ts';
import type { ObjectStore } from './store.ts';

export interface S3Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

export const S3_OPERATIONS = [
  'CreateBucket',
  'PutObject',
  'GetObject',
  'HeadObject',
  'ListObjectsV2',
] as const;

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const noSuchBucket = (bucket: string) =>
  new AwsError('NoSuchBucket', 404, `The specified bucket does not exist: ${bucket}`);

function objectOf(store: ObjectStore, input: Record<string, unknown>) {
  const bucket = input.Bucket as string;
  if (!store.hasBucket(bucket)) throw noSuchBucket(bucket);
  const object = store.get(bucket, input.Key as string);
  if (!object) throw new AwsError('NoSuchKey', 404, 'The specified key does not exist.');
  return object;
}

export function runS3Operation(
  store: ObjectStore,
  operation: string,
  input: Record<string, unknown>,
): S3Reply {
  switch (operation) {
    case 'CreateBucket': {
      const bucket = input.Bucket as string;
      if (store.hasBucket(bucket))
        throw new AwsError(
          'BucketAlreadyOwnedByYou',
          409,
          `Your previous request to create ${bucket} succeeded`,
        );
      store.createBucket(bucket);
      return { status: 200, headers: { location: `/${bucket}` }, body: '' };
    }
    case 'PutObject': {
      const bucket = input.Bucket as string;
      if (!store.hasBucket(bucket)) throw noSuchBucket(bucket);
      const object = store.put(
        bucket,
        input.Key as string,
        input.Body as Buffer,
        input.ContentType as string | undefined,
      );
      return { status: 200, headers: { etag: object.etag }, body: '' };
    }
    case 'GetObject':
    case 'HeadObject': {
      const object = objectOf(store, input);
      return {
        status: 200,
        headers: {
          etag: object.etag,
          'content-type': object.contentType,
          'content-length': String(object.body.length),
          'last-modified': object.lastModified.toUTCString(),
        },
        body: operation === 'GetObject' ? object.body : '',
      };
    }
    case 'ListObjectsV2':
      return listObjects(store, input);
    default:
      throw new AwsError('NotImplemented', 501, `${operation} is not implemented by the stand-in`);
  }
}

function listObjects(store: ObjectStore, input: Record<string, unknown>): S3Reply {
  const bucket = input.Bucket as string;
  if (!store.hasBucket(bucket)) throw noSuchBucket(bucket);
  const prefix = (input.Prefix as string | undefined) ?? '';
  const maxKeys = (input.MaxKeys as number | undefined) ?? 1000;
  const after =
    (input.ContinuationToken as string | undefined) ?? (input.StartAfter as string | undefined) ?? '';
  const keys = store.keys(bucket, prefix, after);
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = store.get(bucket, key)!;
      return (
        `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
        `<ETag>${escapeXml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      );
    })
    .join('');
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
    `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
    (truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : '') +
    contents +
    '</ListBucketResult>';
  return { status: 200, headers: { 'content-type': 'application/xml' }, body };
}

export function s3ErrorXml(code: string, message: string, resource: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message>` +
    `<Resource>${escapeXml(resource)}</Resource><RequestId>stand-in</RequestId></Error>`
  );
}
