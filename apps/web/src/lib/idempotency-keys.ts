import { IDEMPOTENCY_KEY_HEADER } from '@hivqe/contract';
import { useCallback, useState } from 'react';

/** 128 random bits as hex: crypto.getRandomValues also works where randomUUID does not (plain http). */
function freshKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of one create action (issue 25 §3): the same body sent again after a failure (a timeout,
 * a lost answer) goes with the same key, so the server creates no second job; once the create succeeds, or
 * the body changes, the next send takes a new key. The key follows the exact body because the server refuses
 * a key reused with another one.
 */
export function createIdempotencyKeys() {
  let current: { body: string; key: string } | null = null;
  return {
    headersFor(body: unknown): Record<string, string> {
      const text = JSON.stringify(body);
      if (current?.body !== text) current = { body: text, key: freshKey() };
      return { [IDEMPOTENCY_KEY_HEADER]: current.key };
    },
    succeeded(): void {
      current = null;
    },
  };
}

/**
 * A create call (an organization, an invitation, a member's invitation) sent with the Idempotency-Key of its
 * variables, kept for the life of the form that uses it: sent again after a failure, it goes with the same key
 * and the server answers the first result instead of creating a second (issue 28 §4).
 */
export function useIdempotentCreate<Variables, Result>(
  create: (variables: Variables, headers: Record<string, string>) => Promise<Result>,
): (variables: Variables) => Promise<Result> {
  const [keys] = useState(createIdempotencyKeys);
  return useCallback(
    async (variables: Variables) => {
      const result = await create(variables, keys.headersFor(variables));
      keys.succeeded();
      return result;
    },
    [create, keys],
  );
}
