import { PGliteThread } from '../src/db/pglite-thread.ts';

/** A process that queries PGlite in its thread, then closes it or not (`close`/`leave`), and has nothing else. */
const db = new PGliteThread();
db.query<{ one: number }>('select 1 as one').then(async ({ rows }) => {
  process.stdout.write(`${rows[0].one}\n`);
  if (process.argv[2] === 'close') await db.close();
});
