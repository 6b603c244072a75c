import { createHash } from 'node:crypto';

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

/** Buckets of objects in memory. */
export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();

  createBucket(bucket: string): void {
    if (!this.buckets.has(bucket)) this.buckets.set(bucket, new Map());
  }

  hasBucket(bucket: string): boolean {
    return this.buckets.has(bucket);
  }

  /** Stores an object; the bucket must exist (see `createBucket`). */
  put(
    bucket: string,
    key: string,
    body: Buffer | string,
    contentType = 'application/octet-stream',
  ): StoredObject {
    const objects = this.buckets.get(bucket);
    if (!objects) throw new Error(`bucket ${bucket} does not exist`);
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const object = {
      body: bytes,
      contentType,
      etag: `"${createHash('md5').update(bytes).digest('hex')}"`,
      lastModified: new Date(),
    };
    objects.set(key, object);
    return object;
  }

  get(bucket: string, key: string): StoredObject | undefined {
    return this.buckets.get(bucket)?.get(key);
  }

  /** Keys under `prefix` after `startAfter`, in UTF-8 binary order as S3 lists them. */
  keys(bucket: string, prefix = '', startAfter = ''): string[] {
    return [...(this.buckets.get(bucket)?.keys() ?? [])]
      .filter((key) => key.startsWith(prefix) && key > startAfter)
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  }
}
