import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { SessionCache } from './session-cache.ts';

/** Migration 0006_session_notify's triggers notify here: `s:<session id>` or `u:<user id>`, once per changed row. */
const CHANNEL = 'session_change';

/** The database's word on which sessions and users changed, from every process that writes them. */
export interface SessionEvents {
  /** Every change has cleared the cache by the time its writer hears of the commit: nothing to wait for. */
  readonly immediate: boolean;
  /**
   * Resolves once every change committed before the call has cleared the cache; rejects when that cannot be
   * known (the cache must then not be trusted).
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Clears `cache` on each change notified by the database behind `db`. */
export async function listenForSessionChanges(
  db: Db,
  cache: SessionCache,
  log?: FastifyBaseLogger,
): Promise<SessionEvents> {
  const forget = (payload: string | undefined) => {
    const [kind, id] = (payload ?? '').split(':');
    if (kind === 's' && id) cache.forgetSession(id);
    else if (kind === 'u' && id) cache.forgetUser(id);
    else cache.clear();
  };
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return listenInProcess(client, forget);
  if (client instanceof pg.Pool) return listenOnPostgres(client, forget, cache, log);
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
 */
async function listenOnPostgres(
  pool: pg.Pool,
  forget: (payload: string | undefined) => void,
  cache: SessionCache,
  log?: FastifyBaseLogger,
): Promise<SessionEvents> {
  let broken: Error | undefined;
  const waiting: Waiter[] = [];
  const fail = (error: Error) => {
    if (!broken)
      log?.error({ err: error }, 'session change listener lost: sessions are read from the database');
    broken ??= error;
    cache.clear();
    for (const waiter of waiting.splice(0)) waiter.reject(error);
  };
  const client = new pg.Client(pool.options);
  client.on('error', fail);
  client.on('end', () => fail(new Error('session change listener closed')));
  client.on('notification', (message) => forget(message.payload));
  await client.connect();
  await client.query(`LISTEN ${CHANNEL}`);
  const connection = (client as unknown as { connection: ProtocolConnection }).connection;
  // Notifications are read, and forgotten, before the ReadyForQuery that follows them.
  connection.on('readyForQuery', () => waiting.shift()?.resolve());

  let batch: Promise<void> | undefined;
  const settled = (): Promise<void> => {
    if (broken) return Promise.reject(broken);
    batch ??= new Promise<void>((resolve, reject) => {
      // Every request that joined this batch arrived before its Sync is written.
      process.nextTick(() => {
        batch = undefined;
        if (broken) return reject(broken);
        waiting.push({ resolve, reject });
        connection.sync();
      });
    });
    return batch;
  };
  return {
    immediate: false,
    settled,
    async close() {
      client.removeAllListeners('end');
      for (const waiter of waiting.splice(0)) waiter.reject(new Error('session change listener closed'));
      await client.end();
    },
  };
}
