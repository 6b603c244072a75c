import type { ChangeEvents } from './change-events.ts';

/** One entry of a cache that the database's change notifications clear. */
export interface CachedEntry<T> {
  get(): T | undefined;
  /** Taken before reading the database; `put` ignores the read when a change arrived since. */
  mark(): number;
  put(value: T, mark: number): void;
}

/**
 * The cached value when the database has confirmed that nothing changed it since it was read, else `load`ed and
 * kept: a write in any process is seen by the next request (see ChangeEvents.settled).
 */
export function readFresh<T>(
  entry: CachedEntry<T>,
  events: ChangeEvents,
  load: () => Promise<T>,
): Promise<T> {
  const cached = entry.get();
  if (cached !== undefined && events.immediate) return afterThisTurn(cached);
  return settleThenRead(entry, events, load, cached !== undefined);
}

/**
 * A value known now, handed over once the event loop has read every request that arrived with this one. Answered
 * at once, a burst of cached list pages is written out one after another before the loop reads further, and a
 * `/health` that came in the same burst waits for all of them (p50 7 ms beside 50 connections of list load on
 * PGlite, 2 ms on PostgreSQL, whose confirming round trip yields anyway); yielding once answers it in 1.2-1.4 ms
 * and serves more pages a second (issue 27, docs/decisions.md).
 */
const afterThisTurn = <T>(value: T): Promise<T> => new Promise((resolve) => setImmediate(resolve, value));

async function settleThenRead<T>(
  entry: CachedEntry<T>,
  events: ChangeEvents,
  load: () => Promise<T>,
  wasCached: boolean,
): Promise<T> {
  if (wasCached && (await nothingPending(events))) {
    // The wait may have delivered a change that cleared the entry.
    const cached = entry.get();
    if (cached !== undefined) return cached;
  }
  const mark = entry.mark();
  const value = await load();
  entry.put(value, mark);
  return value;
}

const nothingPending = (events: ChangeEvents): Promise<boolean> =>
  events.settled().then(
    () => true,
    () => false,
  );
