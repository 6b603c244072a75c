import { z } from 'zod';

/**
 * Idempotent job creation (issue 25 §3): a create request that carries this header is run once per user and
 * key; a retry with the same key and the same body within IDEMPOTENCY_WINDOW_HOURS answers the first
 * response again and creates nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** Set on a response that repeats the first answer to a key instead of running the request again. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

/** Visible ASCII only: no spaces, no control characters, nothing a proxy could rewrite or a log split on. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
  keyReused: `This ${IDEMPOTENCY_KEY_HEADER} was already used with a different request; send a new key for a new job.`,
  inProgress: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; retry it shortly.`,
} as const;

export const idempotencyKey = z
  .string()
  .min(1, IDEMPOTENCY_MESSAGES.invalidKey)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_MESSAGES.invalidKey)
  .regex(VISIBLE_ASCII, IDEMPOTENCY_MESSAGES.invalidKey);

/** The create routes' headers, keyed as Node hands header names over: lower-cased. */
export const idempotentCreateHeaders = z.object({ 'idempotency-key': idempotencyKey.optional() });
export type IdempotentCreateHeaders = z.infer<typeof idempotentCreateHeaders>;
