import { DrizzleQueryError } from 'drizzle-orm';

/** The SQLSTATE of a PostgreSQL or PGlite error: five characters, e.g. 22021 for a NUL byte in text. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

interface DatabaseError extends Error {
  code: string;
  severity: string;
}

const isDatabaseError = (error: unknown): error is DatabaseError =>
  error instanceof Error &&
  typeof (error as Partial<DatabaseError>).severity === 'string' &&
  SQLSTATE.test(String((error as Partial<DatabaseError>).code));

/** The error and the causes it wraps, outermost first. */
export function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let link = error; link instanceof Error && !chain.includes(link); link = link.cause) chain.push(link);
  return chain.length > 0 ? chain : [error];
}

/** What is left of an error from the database once what could quote values is taken out. */
class RedactedDatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    frames: string,
  ) {
    super(message);
    this.name = 'RedactedDatabaseError';
    this.stack = `${this.name}: ${message}\n${frames}`;
  }
}

/**
 * The error as it may be written to the log. A failed query's message and properties carry its parameters
 * (e-mail addresses, password and token hashes) and the database's message and detail may quote a row's
 * values, so an error with a database error in its chain keeps only the SQL text (values are placeholders),
 * the SQLSTATE and the stack frames. Any other error is logged as it is.
 */
export function loggableError(error: unknown): unknown {
  const chain = chainOf(error);
  const query = chain.find((link) => link instanceof DrizzleQueryError);
  const database = chain.find(isDatabaseError);
  if (!query && !database) return error;
  const frames = ((error as Error).stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return new RedactedDatabaseError(
    query ? `Failed query: ${query.query}` : 'Database error',
    database?.code,
    frames,
  );
}
