import type { ChangeListener } from '../../db/change-events.ts';

/** Migration 0023_job_change_notify's trigger notifies here, with the owner's id, once per changed job row. */
const CHANNEL = 'job_change';

/** Owners whose last change is remembered one by one (a read of another owner waits out only its own changes). */
const MAX_CHANGES = 10_000;

interface Entry {
  page: unknown;
  rows: number;
  expiresAt: number;
}

export interface JobListCacheOptions {
  /** A backstop only: every change to an owner's jobs clears their pages at once. */
  ttlMs?: number;
  /** Jobs held over all pages; past it, pages go from the owner used longest ago, oldest first. */
  maxRows?: number;
  clock?: () => number;
}

/**
 * Pages of the job list as answered, per owner and query, until a job of that owner changes. The list is the
 * screen the console opens first and polls: most of its requests find nothing changed, and answering them from
 * here spares the two queries, the row mapping and the presenting. Changes arrive as the jobs table's
 * notifications, from every process that writes jobs; a page read while a change to its owner's jobs arrived is
 * not kept, since it may predate it.
 */
export class JobListCache {
  /** Owner id → query key → page, owners in the order of last use. */
  private readonly owners = new Map<string, Map<string, Entry>>();
  private rows = 0;
  /** Counts changes heard; `mark()` reads it. */
  private heard = 0;
  /** When each owner's jobs last changed, oldest first; past MAX_CHANGES the oldest go into `floor`. */
  private readonly changedAt = new Map<string, number>();
  /** Reads marked before this may predate a change no longer in `changedAt` (or a clear). */
  private floor = 0;
  private readonly ttlMs: number;
  private readonly maxRows: number;
  private readonly clock: () => number;

  constructor(options: JobListCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxRows = options.maxRows ?? 20_000;
    this.clock = options.clock ?? (() => performance.now());
  }

  get(ownerId: string, key: string): unknown {
    const pages = this.owners.get(ownerId);
    const entry = pages?.get(key);
    if (!pages || !entry) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.drop(ownerId, key);
      return undefined;
    }
    // Last used goes to the back of the eviction line.
    this.owners.delete(ownerId);
    this.owners.set(ownerId, pages);
    return entry.page;
  }

  /** Taken before reading the database; `put` ignores the read when a change to its owner arrived since. */
  mark(): number {
    return this.heard;
  }

  /** `rows`: the jobs on the page; an empty page counts as one, so no query string keeps pages for free. */
  put(ownerId: string, key: string, page: unknown, jobs: number, mark: number): void {
    const rows = jobs + 1;
    if (mark < this.floor || (this.changedAt.get(ownerId) ?? 0) > mark || rows > this.maxRows) return;
    this.drop(ownerId, key);
    const pages = this.owners.get(ownerId) ?? new Map<string, Entry>();
    pages.set(key, { page, rows, expiresAt: this.clock() + this.ttlMs });
    this.owners.delete(ownerId);
    this.owners.set(ownerId, pages);
    this.rows += rows;
    // The page just kept is the last in line, and fits on its own.
    while (this.rows > this.maxRows) {
      const [oldest, oldestPages] = this.owners.entries().next().value as [string, Map<string, Entry>];
      this.drop(oldest, oldestPages.keys().next().value as string);
    }
  }

  forgetOwner(ownerId: string): void {
    this.heard += 1;
    this.changedAt.delete(ownerId);
    this.changedAt.set(ownerId, this.heard);
    if (this.changedAt.size > MAX_CHANGES) {
      const [oldest, at] = this.changedAt.entries().next().value as [string, number];
      this.changedAt.delete(oldest);
      this.floor = at;
    }
    const pages = this.owners.get(ownerId);
    if (pages) this.forgetPages(ownerId, pages);
  }

  clear(): void {
    this.heard += 1;
    this.floor = this.heard;
    this.changedAt.clear();
    this.owners.clear();
    this.rows = 0;
  }

  /** Hears the jobs table's changes: an owner's id, or nothing (then every page goes). */
  listener(): ChangeListener {
    return {
      channel: CHANNEL,
      heard: (ownerId) => (ownerId ? this.forgetOwner(ownerId) : this.clear()),
      missed: () => this.clear(),
    };
  }

  private forgetPages(ownerId: string, pages: Map<string, Entry>): void {
    for (const entry of pages.values()) this.rows -= entry.rows;
    this.owners.delete(ownerId);
  }

  private drop(ownerId: string, key: string): void {
    const pages = this.owners.get(ownerId);
    const entry = pages?.get(key);
    if (!pages || !entry) return;
    this.rows -= entry.rows;
    pages.delete(key);
    if (pages.size === 0) this.owners.delete(ownerId);
  }
}
