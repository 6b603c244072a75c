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

/** Listening connections taking turns: a request that finds one round trip under way starts its own on the other. */
const LISTENERS = 2;

interface Listener {
  inFlight: Promise<void> | undefined;
  roundTrip(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connections of their own LISTEN. PostgreSQL signals every listening backend when the notifying transaction
 * commits, before the writer's client hears of the commit, and a listening backend sends what it was signalled
 * before it answers its next query. So a round trip on such a connection that starts after a request arrived
 * ends only after every change committed before that request has been handled: `settled()` is that round trip.
 * Each connection hears every change, so any of them will do; with two, a request rarely waits for a trip that
 * began before it arrived (about one round trip instead of one and a half).
 */
async function listenOnPostgres(
  pool: pg.Pool,
  forget: (payload: string | undefined) => void,
  cache: SessionCache,
  log?: FastifyBaseLogger,
): Promise<SessionEvents> {
  let broken: Error | undefined;
  const fail = (error: Error) => {
    broken ??= error;
    cache.clear();
    log?.error({ err: error }, 'session change listener lost: sessions are read from the database');
  };
  const listeners = await Promise.all(
    Array.from({ length: LISTENERS }, () => openListener(pool, forget, fail)),
  );

  let queued: Promise<void> | undefined;
  const settled = (): Promise<void> => {
    if (broken) return Promise.reject(broken);
    const idle = listeners.find((listener) => !listener.inFlight);
    if (idle) return idle.roundTrip();
    // Every trip under way may have started before this request arrived: wait for the next one to start.
    queued ??= Promise.race(listeners.map((listener) => listener.inFlight!.catch(() => undefined))).then(
      () => {
        queued = undefined;
        return settled();
      },
    );
    return queued;
  };
  return {
    settled,
    async close() {
      await Promise.all(listeners.map((listener) => listener.close()));
    },
  };
}

async function openListener(
  pool: pg.Pool,
  forget: (payload: string | undefined) => void,
  fail: (error: Error) => void,
): Promise<Listener> {
  const client = new pg.Client(pool.options);
  client.on('error', fail);
  client.on('end', () => fail(new Error('session change listener closed')));
  client.on('notification', (message) => forget(message.payload));
  await client.connect();
  await client.query(`LISTEN ${CHANNEL}`);
  const listener: Listener = {
    inFlight: undefined,
    roundTrip() {
      const trip: Promise<void> = client.query('SELECT 1').then(
        () => {
          if (listener.inFlight === trip) listener.inFlight = undefined;
        },
        (error: Error) => {
          if (listener.inFlight === trip) listener.inFlight = undefined;
          throw error;
        },
      );
      return (listener.inFlight = trip);
    },
    async close() {
      client.removeAllListeners('end');
      await client.end();
    },
  };
  return listener;
}
