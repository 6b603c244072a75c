import { Worker } from 'node:worker_threads';

/** One result, as PGlite's `query` answers it. */
export interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /**
   * Parsers by type OID. Functions cannot reach the database's thread, so only their keys do: those types are
   * answered as the database's text, which is what every parser drizzle passes does (it parses dates itself).
   */
  parsers?: Record<number, (value: string) => unknown>;
}

/** What drizzle-orm/pglite's session runs a transaction's statements on, as PGlite's `Transaction`. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  exec(sql: string): Promise<QueryResult<unknown>[]>;
  rollback(): Promise<void>;
}

export interface PGliteThreadOptions {
  /** PGlite's directory; absent: in memory. */
  dataDir?: string;
  /** A file written by `dump`: the database starts as it was then. */
  template?: string;
}

interface SerializedError {
  thrown?: unknown;
  isError?: boolean;
  name?: string;
  message?: string;
  stack?: string;
  fields?: Record<string, unknown>;
  cause?: SerializedError;
}

type Answer =
  { id: number; value?: unknown; error?: SerializedError } | { listener: number; payload: string };

type Request =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      textTypes?: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'rollbackNow' | 'commit' | 'rollback'; tx: number }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump'; file: string }
  | { op: 'close' };

/** The thrown value as it was in the database's thread: an Error keeps its message, stack and own properties. */
function rebuild(serialized: SerializedError): unknown {
  if (!('isError' in serialized)) return serialized.thrown;
  if (!serialized.isError) return { ...serialized.fields };
  const cause = serialized.cause && rebuild(serialized.cause);
  const error = new Error(serialized.message, cause === undefined ? undefined : { cause });
  Object.assign(error, serialized.fields, { name: serialized.name, stack: serialized.stack });
  return error;
}

/**
 * Embedded PostgreSQL (PGlite) run in a worker thread, so that its queries, which are WebAssembly computing on
 * the thread that calls them, leave the API's event loop free. Offers what drizzle-orm/pglite's session and
 * migrator call on a PGlite instance (`query`, `transaction`), plus `exec`, `listen`, `dump` and `close`.
 *
 * The worker runs the requests in the order they are sent, as PGlite does: a query waits behind a transaction
 * under way. A notification is posted before the answer to the query that committed it, so, as on PGlite, its
 * listeners have run by the time that query resolves. The worker holds the process open only while a request is
 * under way, as an idle in-process database would not.
 */
export class PGliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: unknown): void }
  >();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private failed: Error | undefined;

  constructor(options: PGliteThreadOptions = {}) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: options });
    this.worker.on('message', (answer: Answer) => this.answered(answer));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the database's thread ended (exit code ${code})`)));
    this.waitReady = this.waitFor(0).then(
      () => undefined,
      async (error: unknown) => {
        await this.worker.terminate();
        throw error;
      },
    );
  }

  query<T>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    tx?: number,
  ): Promise<QueryResult<T>> {
    const textTypes = options.parsers && Object.keys(options.parsers).map(Number);
    return this.send({ op: 'query', sql, params, rowMode: options.rowMode, textTypes, tx }) as Promise<
      QueryResult<T>
    >;
  }

  /** One or more statements, without parameters. */
  exec(sql: string, tx?: number): Promise<QueryResult<unknown>[]> {
    return this.send({ op: 'exec', sql, tx }) as Promise<QueryResult<unknown>[]>;
  }

  /** Commits what `callback` did when it resolves, rolls it back when it throws; then answers as it did. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    // The worker knows a transaction by the id of the request that began it, a listener likewise.
    const id = this.nextId++;
    await this.send({ op: 'begin' }, id);
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.query(sql, params, options, id),
      exec: (sql) => this.exec(sql, id),
      rollback: async () => {
        await this.send({ op: 'rollbackNow', tx: id });
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.send({ op: 'rollback', tx: id });
      throw error;
    }
    await this.send({ op: 'commit', tx: id });
    return result;
  }

  /** Calls `callback` with each notification on `channel`; answers the function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextId++;
    this.listeners.set(listener, callback);
    try {
      await this.send({ op: 'listen', channel }, listener);
    } catch (error) {
      this.listeners.delete(listener);
      throw error;
    }
    return async () => {
      this.listeners.delete(listener);
      await this.send({ op: 'unlisten', listener });
    };
  }

  /** Writes the database to `file` (an uncompressed tarball of its data directory), for `template`. */
  async dump(file: string): Promise<void> {
    await this.send({ op: 'dump', file });
  }

  /** Closes the database and ends its thread. */
  async close(): Promise<void> {
    await this.send({ op: 'close' });
    await this.worker.terminate();
  }

  private send(request: Request, id = this.nextId++): Promise<unknown> {
    if (this.failed) return Promise.reject(this.failed);
    const answer = this.waitFor(id);
    this.worker.postMessage({ ...request, id });
    return answer;
  }

  private waitFor(id: number): Promise<unknown> {
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private answered(answer: Answer): void {
    if ('listener' in answer) {
      this.listeners.get(answer.listener)?.(answer.payload);
      return;
    }
    const waiter = this.pending.get(answer.id);
    if (!waiter) return;
    this.settled(answer.id);
    if (answer.error) waiter.reject(rebuild(answer.error));
    else waiter.resolve(answer.value);
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  /** The thread is gone (an error it did not catch, or ended): every request under way and to come fails. */
  private fail(error: Error): void {
    this.failed ??= error;
    for (const [id, waiter] of this.pending) {
      this.settled(id);
      waiter.reject(this.failed);
    }
  }
}
