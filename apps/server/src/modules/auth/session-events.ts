import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { Backoff, type BackoffRule } from '../../lib/backoff.ts';
import type { SessionCache } from './session-cache.ts';

/** Migration 0006_session_notify's triggers notify here: `s:<session id>` or `u:<user id>`, once per changed row. */
const CHANNEL = 'session_change';

/** A lost listening connection is opened again after 0.1 s, then 0.2 s, 0.4 s, ... up to every 5 s. */
const RECONNECT: BackoffRule = {
  freeFailures: 1,
  firstDelayMs: 100,
  maxDelayMs: 5_000,
  forgetAfterMs: 60_000,
};
/** A Sync unanswered this long means a connection that is gone without saying so (a network that drops packets). */
const SYNC_TIMEOUT_MS = 5_000;

/** The database's word on which sessions and users changed, from every process that writes them. */
export interface SessionEvents {
  /** Every change has cleared the cache by the time its writer hears of the commit: nothing to wait for. */
  readonly immediate: boolean;
  /**
   * Resolves once every change committed before the call has cleared the cache; rejects when that cannot be
   * known (the cache must then not be trusted), e.g. while the listening connection is down.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Clears `cache` on each change notified by the database behind `db`; on PostgreSQL, reconnects by `reconnect`. */
export async function listenForSessionChanges(
  db: Db,
  cache: SessionCache,
  log?: FastifyBaseLogger,
  reconnect: BackoffRule = RECONNECT,
): Promise<SessionEvents> {
  const forget = (payload: string | undefined) => {
    const [kind, id] = (payload ?? '').split(':');
    if (kind === 's' && id) cache.forgetSession(id);
    else if (kind === 'u' && id) cache.forgetUser(id);
    else cache.clear();
  };
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return listenInProcess(client, forget);
  if (client instanceof pg.Pool) return listenOnPostgres(client, forget, cache, log, reconnect);
  throw new Error('session events: unknown database client');
}

/**
 * PGlite hands a notification to its listeners while it finishes the query that committed it, before that
 * query's promise resolves: a write has cleared every app's cache on this database by the time it returns.
 */
async function listenInProcess(client: PGlite, forget: (payload: string) => void): Promise<SessionEvents> {
  const unlisten = await client.listen(CHANNEL, forget);
  return { immediate: true, settled: () => Promise.resolve(), close: unlisten };
}

/** The part of node-postgres' connection (`Client#connection`) that writes a protocol message by itself. */
interface ProtocolConnection {
  sync(): void;
  on(event: 'readyForQuery', listener: () => void): unknown;
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * A connection of its own LISTENs. PostgreSQL signals every listening backend when the notifying transaction
 * commits, before the writer's client hears of the commit, and an idle listening backend sends what it was
 * signalled before its next ReadyForQuery. So a Sync message written after a request arrived is answered only
 * after every change committed before that request has been handled: `settled()` is that exchange. Syncs are
 * pipelined: each batch of requests (those arriving in one turn of the event loop) writes its own at once instead
 * of waiting for an exchange already under way, so a request waits one round trip, and the answers come back in
 * order. A Sync carries no query, so the backend parses, plans and returns nothing but its ReadyForQuery
 * (node-postgres has no call for a lone Sync on a client; its connection does, and its client ignores a
 * ReadyForQuery with no query of its own under way).
 *
 * A lost connection (database restart, failover, pg_terminate_backend) is opened again with back-off. While it is
 * down `settled()` rejects, so every request reads its session from the database; once it listens again the cache
 * is cleared, since the changes notified in between were missed.
 */
async function listenOnPostgres(
  pool: pg.Pool,
  forget: (payload: string | undefined) => void,
  cache: SessionCache,
  log: FastifyBaseLogger | undefined,
  rule: BackoffRule,
): Promise<SessionEvents> {
  /** The connection that listens, once its LISTEN is done; undefined while it is down. */
  let listening: { client: pg.Client; protocol: ProtocolConnection } | undefined;
  /** The connection being opened or listening: the only one whose loss counts. */
  let current: pg.Client | undefined;
  let down: Error | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const waiting: Waiter[] = [];
  const backoff = new Backoff(Date.now, 1);

  const lost = (client: pg.Client, error: Error) => {
    if (client !== current) return;
    current = undefined;
    listening = undefined;
    down = error;
    cache.clear();
    for (const waiter of waiting.splice(0)) waiter.reject(error);
    void client.end().catch(() => {});
    if (closed) return;
    backoff.fail(CHANNEL, rule);
    const waitMs = backoff.waitMs(CHANNEL, rule);
    log?.warn(
      { err: error, retryInMs: waitMs },
      'session change listener lost: sessions are read from the database until it listens again',
    );
    retry = setTimeout(() => void open().catch(() => {}), waitMs);
  };

  const open = async (): Promise<void> => {
    const client = new pg.Client(pool.options);
    current = client;
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client, new Error('session change listener closed')));
    client.on('notification', (message) => forget(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      lost(client, error as Error);
      throw error;
    }
    const protocol = (client as unknown as { connection: ProtocolConnection }).connection;
    // Notifications are read, and forgotten, before the ReadyForQuery that follows them.
    protocol.on('readyForQuery', () => waiting.shift()?.resolve());
    listening = { client, protocol };
    if (down) {
      // Changes committed while no connection listened were never heard.
      cache.clear();
      log?.info('session change listener is back; session cache cleared');
    }
    down = undefined;
    backoff.reset(CHANNEL);
  };

  try {
    await open();
  } catch (error) {
    // The first connection failing fails the start, as any other query would.
    closed = true;
    clearTimeout(retry);
    throw error;
  }

  let batch: Promise<void> | undefined;
  const settled = (): Promise<void> => {
    if (down) return Promise.reject(down);
    batch ??= new Promise<void>((resolve, reject) => {
      // Every request that joined this batch arrived before its Sync is written.
      process.nextTick(() => {
        batch = undefined;
        const now = listening;
        if (!now) return reject(down ?? new Error('session change listener is not listening'));
        const timer = setTimeout(
          () =>
            lost(now.client, new Error(`session change listener did not answer in ${SYNC_TIMEOUT_MS} ms`)),
          SYNC_TIMEOUT_MS,
        );
        waiting.push({
          resolve: () => (clearTimeout(timer), resolve()),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        now.protocol.sync();
      });
    });
    return batch;
  };
  return {
    immediate: false,
    settled,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      listening = undefined;
      for (const waiter of waiting.splice(0)) waiter.reject(new Error('session change listener closed'));
      await client?.end();
    },
  };
}
