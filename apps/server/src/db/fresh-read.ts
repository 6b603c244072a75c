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
 * kept: a write in any process is seen by the next request (see ChangeEvents.settled). Answers at once, without
 * a promise, when the value is cached and no change can be pending.
 */
export function readFresh<T>(
  entry: CachedEntry<T>,
  events: ChangeEvents,
  load: () => Promise<T>,
): T | Promise<T> {
  const cached = entry.get();
  if (cached !== undefined && events.immediate) return cached;
  return settleThenRead(entry, events, load, cached !== undefined);
}

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
