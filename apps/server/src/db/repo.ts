import type { Db } from './client.ts';

/** A data-access class over a connection or a transaction; it never knows which. */
export class Repo {
  constructor(protected readonly db: Db) {}

  /** Runs `work` in one transaction, with a copy of this repo bound to it. */
  transaction<T>(work: (repo: this) => Promise<T>): Promise<T> {
    const Bound = this.constructor as new (db: Db) => this;
    return this.db.transaction((tx) => work(new Bound(tx)));
  }

  /** Another area's repo on the same connection or transaction, so one transaction can span areas. */
  peer<R>(Kind: new (db: Db) => R): R {
    return new Kind(this.db);
  }
}

/** An ILIKE pattern matching `text` anywhere, with the caller's % and _ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
