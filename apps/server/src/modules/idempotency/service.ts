import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { canonicalJson, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_WINDOW_HOURS } from '@hivqe/contract';
import { conflict, HttpError } from '../../lib/http-errors.ts';
import type { IdempotencyRepo } from './repo.ts';

/** A create request as the idempotency rule sees it. */
export interface IdempotentRequest {
  userId: string;
  /** The Idempotency-Key header, validated; absent: the request runs as any other. */
  key: string | undefined;
  /** Which create it is: a key used for one route and sent to another is a different request. */
  scope: string;
  /** The validated body. */
  body: unknown;
}

export interface Answer<T> {
  statusCode: number;
  body: T;
}

/** A create's answer, or for a repeated Idempotency-Key the first answer again (`replayed`). */
export type CreateAnswer<T> = Answer<T> & { replayed: boolean };

export interface IdempotencyDeps {
  repo: IdempotencyRepo;
  now?: () => Date;
}

/** How long a retry waits for the first request with its key to answer before a 409. */
const RETRY_WAIT_MS = 60_000;
/** How often the waiting retry looks. */
const RETRY_POLL_MS = 100;

const WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 3_600_000;
/**
 * An unanswered claim older than this belongs to a request whose process died (a create never takes this long:
 * every AWS call is bounded by AWS_REQUEST_TIMEOUT_MS × AWS_MAX_ATTEMPTS, the database by its statement timeout).
 * A retry takes it over instead of hearing "still being processed" for the rest of the window.
 */
export const ABANDONED_CLAIM_MS = 10 * 60_000;

/**
 * Runs each (user, Idempotency-Key) once (issue 25 §3). The first request claims the key and runs; its answer
 * is stored and every retry with the same key and body within the window gets it again (`replayed`), whatever
 * became of the job since. A retry that arrives while the first still runs waits for its answer. The same key
 * with another body is refused (422). A request that fails gives its claim up, so that its retry runs again:
 * nothing was created (the jobs module removes a job its back end refused), and a Braket CreateJob retried
 * with the key's client token names the job the failed attempt may have created.
 */
export class IdempotencyService {
  private readonly now: () => Date;

  constructor(private readonly deps: IdempotencyDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async once<T>(request: IdempotentRequest, run: () => Promise<Answer<T>>): Promise<CreateAnswer<T>> {
    const { userId, key } = request;
    if (key === undefined) return { ...(await run()), replayed: false };
    const { repo } = this.deps;
    const hash = requestHash(request.scope, request.body);
    await repo.forgetBefore(new Date(this.now().getTime() - WINDOW_MS));
    const giveUpAt = Date.now() + RETRY_WAIT_MS;
    for (;;) {
      if (await repo.claim(userId, key, hash, this.now())) {
        let answer: Answer<T>;
        try {
          answer = await run();
        } catch (error) {
          await repo.release(userId, key);
          throw error;
        }
        await repo.answer(userId, key, answer.statusCode, answer.body);
        return { ...answer, replayed: false };
      }
      const first = await repo.find(userId, key);
      // Released by a failed first request since the claim was tried: claim it again.
      if (first === undefined) continue;
      // Whatever its body was: its request died before it could answer, so nothing answered the key.
      if (
        first.statusCode === null &&
        this.now().getTime() - first.createdAt.getTime() >= ABANDONED_CLAIM_MS
      ) {
        await repo.releaseAbandoned(first);
        continue;
      }
      if (first.requestHash !== hash) throw new HttpError(422, IDEMPOTENCY_MESSAGES.keyReused);
      if (first.statusCode !== null) {
        return { statusCode: first.statusCode, body: first.response as T, replayed: true };
      }
      if (Date.now() >= giveUpAt) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
      await sleep(RETRY_POLL_MS);
    }
  }
}

/** The CreateJob client token of the request's `index`th job: the same for every retry of the request. */
export function submitToken(userId: string, key: string, index: number): string {
  return createHash('sha256').update(`${userId}\n${key}\n${index}`).digest('hex');
}

function requestHash(scope: string, body: unknown): string {
  return createHash('sha256')
    .update(`${scope}\n${canonicalJson(body)}`)
    .digest('hex');
}
