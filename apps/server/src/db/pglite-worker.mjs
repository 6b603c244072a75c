// PGlite in a thread of its own (see pglite-thread.ts, which speaks to it). Plain JavaScript: the thread starts
// under tsx, under vitest and in the console image alike, none of which need a TypeScript loader for it then.
import { readFile, writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {import('node:worker_threads').MessagePort} */
const port = parentPort;
/** @type {{ dataDir?: string; template?: string }} */
const options = workerData;

/** The transactions under way by the id of the request that began them. */
const transactions = new Map();
/** Each listener's unlisten function by the id of the request that added it. */
const listeners = new Map();
/** Thrown into a transaction's callback to roll it back; PGlite rethrows it once it has. */
const rollBack = Symbol('roll back');

const identity = (value) => value;
/** Identity parsers by the list of type OIDs they leave as text (drizzle always passes the same list). */
const textParsers = new Map();
function parsersFor(textTypes) {
  if (!textTypes) return undefined;
  const key = textTypes.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((oid) => [oid, identity]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

/**
 * What structured clone would drop of a thrown value: an Error's own properties (a database error's code,
 * detail, constraint, ...) and its cause. A property that cannot be cloned (a function) is left out.
 */
function serializeError(error) {
  if (typeof error !== 'object' || error === null) return { thrown: error };
  const fields = {};
  for (const key of Object.keys(error)) {
    try {
      fields[key] = structuredClone(error[key]);
    } catch {
      // not cloneable: left out
    }
  }
  return {
    isError: error instanceof Error,
    name: error.name,
    message: error.message,
    stack: error.stack,
    fields,
    cause: error.cause === undefined ? undefined : serializeError(error.cause),
  };
}

const resultOf = ({ rows, affectedRows, fields }) => ({ rows, affectedRows, fields });

/** The PGlite instance, or the transaction's, that a request tagged with `tx` runs on. */
function target(pglite, tx) {
  if (tx === undefined) return pglite;
  const transaction = transactions.get(tx);
  if (!transaction) throw new Error(`transaction ${tx} is not under way`);
  return transaction.tx;
}

async function begin(pglite, id) {
  let began;
  const begun = new Promise((resolve) => (began = resolve));
  const done = pglite.transaction(
    (tx) =>
      new Promise((commit, rollback) => {
        transactions.set(id, { tx, commit, rollback: () => rollback(rollBack), done: undefined });
        began();
      }),
  );
  // A BEGIN that fails settles `done` without the callback having run.
  await Promise.race([begun, done]);
  transactions.get(id).done = done;
}

async function end(id, commit) {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error(`transaction ${id} is not under way`);
  transactions.delete(id);
  if (commit) transaction.commit();
  else transaction.rollback();
  try {
    await transaction.done;
  } catch (error) {
    if (error !== rollBack) throw error;
  }
}

async function answer(pglite, message) {
  switch (message.op) {
    case 'query':
      return resultOf(
        await target(pglite, message.tx).query(message.sql, message.params, {
          rowMode: message.rowMode,
          parsers: parsersFor(message.textTypes),
        }),
      );
    case 'exec':
      return (await target(pglite, message.tx).exec(message.sql)).map(resultOf);
    case 'begin':
      return begin(pglite, message.id);
    case 'rollbackNow':
      return target(pglite, message.tx).rollback();
    case 'commit':
      return end(message.tx, true);
    case 'rollback':
      return end(message.tx, false);
    case 'listen': {
      // Posted from the listener, which PGlite calls before the query that committed the NOTIFY resolves: on
      // this port the notification goes ahead of that query's answer.
      const unlisten = await pglite.listen(message.channel, (payload) =>
        port.postMessage({ listener: message.id, payload }),
      );
      listeners.set(message.id, unlisten);
      return undefined;
    }
    case 'unlisten': {
      const unlisten = listeners.get(message.listener);
      listeners.delete(message.listener);
      return unlisten?.();
    }
    case 'dump': {
      const dump = await pglite.dumpDataDir('none');
      return writeFile(message.file, new Uint8Array(await dump.arrayBuffer()));
    }
    case 'close':
      return pglite.close();
    default:
      throw new Error(`unknown request ${message.op}`);
  }
}

/** Request 0 is the opening; the client's `waitReady` is its answer. */
async function open() {
  const loadDataDir = options.template ? new Blob([await readFile(options.template)]) : undefined;
  return PGlite.create({ dataDir: options.dataDir, loadDataDir });
}

const opened = open();
opened.then(
  () => port.postMessage({ id: 0 }),
  (error) => port.postMessage({ id: 0, error: serializeError(error) }),
);
port.on('message', (message) => {
  opened
    .then((pglite) => answer(pglite, message))
    .then(
      (value) => port.postMessage({ id: message.id, value }),
      (error) => port.postMessage({ id: message.id, error: serializeError(error) }),
    );
});
