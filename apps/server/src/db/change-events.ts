import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from './client.ts';
import { Backoff, type BackoffRule } from '../lib/backoff.ts';

/** What a cache hears on one channel of the database's notifications. */
export interface ChangeListener {
  /** The channel a migration's triggers notify (`pg_notify(channel, payload)`), at commit. */
  readonly channel: string;
  /** A change, as the trigger described it. */
  heard(payload: string | undefined): void;
  /** Changes may have been missed (no connection listened): everything cached must go. */
  missed(): void;
}

/** The database's word on what changed, from every process that writes it. */
export interface ChangeEvents {
  /** Every change has reached its listener by the time its writer hears of the commit: nothing to wait for. */
  readonly immediate: boolean;
  /**
   * Resolves once every change committed before the call has reached its listener; rejects when that cannot be
   * known (caches must then not be trusted), e.g. while the listening connection is down.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A lost listening connection is opened again after 0.1 s, then 0.2 s, 0.4 s, ... up to every 5 s. */
const RECONNECT: BackoffRule = {
  freeFailures: 1,
  firstDelayMs: 100,
  maxDelayMs: 5_000,
  forgetAfterMs: 60_000,
};
/** A Sync unanswered this long means a connection that is gone without saying so (a network that drops packets). */
const SYNC_TIMEOUT_MS = 5_000;

/** An embedded database's client: PGlite's `listen`, which the worker-thread client offers too. */
interface InProcessClient {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Hands each listener the changes notified on its channel by the database behind `db`. */
export async function listenForChanges(
  db: Db,
  listeners: readonly ChangeListener[],
  log?: FastifyBaseLogger,
  reconnect: BackoffRule = RECONNECT,
): Promise<ChangeEvents> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return listenOnPostgres(client, listeners, log, reconnect);
  if (isInProcess(client)) return listenInProcess(client, listeners);
  throw new Error('change events: unknown database client');
}

const isInProcess = (client: unknown): client is InProcessClient =>
  typeof (client as Partial<InProcessClient> | undefined)?.listen === 'function';

/**
 * An embedded database hands a notification to its listeners while it finishes the query that committed it,
 * before that query's promise resolves: a write has reached every listener on this database by the time it
 * returns.
 */
async function listenInProcess(
  client: InProcessClient,
  listeners: readonly ChangeListener[],
): Promise<ChangeEvents> {
  const unlisten = await Promise.all(
    listeners.map((listener) => client.listen(listener.channel, (payload) => listener.heard(payload))),
  );
  return {
    immediate: true,
    settled: () => Promise.resolve(),
    close: async () => {
      await Promise.all(unlisten.map((stop) => stop()));
    },
  };
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
 * down `settled()` rejects, so every request reads from the database; once it listens again every listener is
 * told it `missed()` what was notified in between.
 */
async function listenOnPostgres(
  pool: pg.Pool,
  listeners: readonly ChangeListener[],
  log: FastifyBaseLogger | undefined,
  rule: BackoffRule,
): Promise<ChangeEvents> {
  const byChannel = new Map(listeners.map((listener) => [listener.channel, listener]));
  const missed = () => listeners.forEach((listener) => listener.missed());
  /** The connection that listens, once its LISTENs are done; undefined while it is down. */
  let listening: { client: pg.Client; protocol: ProtocolConnection } | undefined;
  /** The connection being opened or listening: the only one whose loss counts. */
  let current: pg.Client | undefined;
  let down: Error | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const waiting: Waiter[] = [];
  const backoff = new Backoff(Date.now, 1);
  const key = 'change listener';

  const lost = (client: pg.Client, error: Error) => {
    if (client !== current) return;
    current = undefined;
    listening = undefined;
    down = error;
    missed();
    for (const waiter of waiting.splice(0)) waiter.reject(error);
    void client.end().catch(() => {});
    if (closed) return;
    backoff.fail(key, rule);
    const waitMs = backoff.waitMs(key, rule);
    log?.warn(
      { err: error, retryInMs: waitMs },
      'change listener lost: sessions and job lists are read from the database until it listens again',
    );
    retry = setTimeout(() => void open().catch(() => {}), waitMs);
  };

  const open = async (): Promise<void> => {
    const client = new pg.Client(pool.options);
    current = client;
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client, new Error('change listener closed')));
    client.on('notification', (message) => byChannel.get(message.channel)?.heard(message.payload));
    try {
      await client.connect();
      await client.query(listeners.map((listener) => `LISTEN ${listener.channel}`).join(';'));
    } catch (error) {
      lost(client, error as Error);
      throw error;
    }
    const protocol = (client as unknown as { connection: ProtocolConnection }).connection;
    // Notifications are read, and handed on, before the ReadyForQuery that follows them.
    protocol.on('readyForQuery', () => waiting.shift()?.resolve());
    listening = { client, protocol };
    if (down) {
      // Changes committed while no connection listened were never heard.
      missed();
      log?.info('change listener is back; cached sessions and job lists cleared');
    }
    down = undefined;
    backoff.reset(key);
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
        if (!now) return reject(down ?? new Error('change listener is not listening'));
        const timer = setTimeout(
          () => lost(now.client, new Error(`change listener did not answer in ${SYNC_TIMEOUT_MS} ms`)),
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
      for (const waiter of waiting.splice(0)) waiter.reject(new Error('change listener closed'));
      await client?.end();
    },
  };
}
