import { IDEMPOTENCY_KEY_HEADER, idempotencyKey } from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys } from './idempotency-keys.ts';

const keyOf = (headers: Record<string, string>) => headers[IDEMPOTENCY_KEY_HEADER];

describe('the Idempotency-Key of a create action', () => {
  it('stays the same while the same body is sent again, and is new after a success or another body', () => {
    const keys = createIdempotencyKeys();
    const first = keyOf(keys.headersFor({ job_name: 'a', shots: 1000 }));
    expect(idempotencyKey.safeParse(first).success).toBe(true);
    // A retry after a timeout or a lost answer.
    expect(keyOf(keys.headersFor({ job_name: 'a', shots: 1000 }))).toBe(first);
    const edited = keyOf(keys.headersFor({ job_name: 'b', shots: 1000 }));
    expect(edited).not.toBe(first);
    keys.succeeded();
    expect(keyOf(keys.headersFor({ job_name: 'b', shots: 1000 }))).not.toBe(edited);
  });

  it('differs between create actions', () => {
    const body = { job_name: 'a' };
    expect(keyOf(createIdempotencyKeys().headersFor(body))).not.toBe(
      keyOf(createIdempotencyKeys().headersFor(body)),
    );
  });
});
