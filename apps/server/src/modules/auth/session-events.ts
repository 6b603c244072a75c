import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { SessionCache } from './session-cache.ts';

/** Migration 0006_session_notify's triggers notify here: `s:<session id>` or `u:<user id>`, once per changed row. */
const CHANNEL = 'session_change';

/** The database's word on which sessions and users changed, from every process that writes them. */
export interface SessionEvents {
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
  return { settled: () => Promise.resolve(), close: unlisten };
}

/**
 * A connection of its own LISTENs. PostgreSQL signals every listening backend when the notifying transaction
 * commits, before the writer's client hears of the commit, and a listening backend sends what it was signalled
 * before it answers its next query. So a round trip on this connection that starts after a request arrived
 * ends only after every change committed before that request has been handled: `settled()` is that round trip,
 * shared by all requests that arrive while one is waiting.
 */
async function listenOnPostgres(
  pool: pg.Pool,
  forget: (payload: string | undefined) => void,
  cache: SessionCache,
  log?: FastifyBaseLogger,
): Promise<SessionEvents> {
  const client = new pg.Client(pool.options);
  let broken: Error | undefined;
  const fail = (error: Error) => {
    broken ??= error;
    cache.clear();
    log?.error({ err: error }, 'session change listener lost: sessions are read from the database');
  };
  client.on('error', fail);
  client.on('end', () => fail(new Error('session change listener closed')));
  client.on('notification', (message) => forget(message.payload));
  await client.connect();
  await client.query(`LISTEN ${CHANNEL}`);

  let inFlight: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const roundTrip = (): Promise<void> => {
    const trip: Promise<void> = client.query('SELECT 1').then(
      () => {
        if (inFlight === trip) inFlight = undefined;
      },
      (error: Error) => {
        if (inFlight === trip) inFlight = undefined;
        throw error;
      },
    );
    return (inFlight = trip);
  };
  return {
    settled() {
      if (broken) return Promise.reject(broken);
      if (!inFlight) return roundTrip();
      // The trip under way may have started before this request arrived: wait for the next one.
      queued ??= inFlight
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return roundTrip();
        });
      return queued;
    },
    async close() {
      client.removeAllListeners('end');
      await client.end();
    },
  };
}
