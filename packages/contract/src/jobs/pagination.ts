/** The jobs table's client-side pagination (jobs.md 2.1). */

export const PAGE_GAP = '...';
export type PageItem = number | typeof PAGE_GAP;

/** Up to this many pages every number is shown. */
const SHOW_ALL_UP_TO = 7;
/** Pages shown on each side of the current one. */
const NEIGHBOURS = 2;

/** Pages needed for a list; an empty list still has page 1. */
export const pageCount = (totalItems: number, pageSize: number) =>
  Math.max(1, Math.ceil(totalItems / pageSize));

/**
 * The page buttons: every page up to 7; above that page 1, the current page ±2 and the last page, with '...'
 * for each run of hidden pages. A run of one hidden page shows that page instead, since '...' would take the
 * same room and say less; so the row never shows an ellipsis next to the page it stands for.
 */
export function pageNumbers(current: number, total: number): PageItem[] {
  if (total <= SHOW_ALL_UP_TO) return range(1, total);
  const page = Math.min(Math.max(current, 1), total);
  const first = Math.max(2, page - NEIGHBOURS);
  const last = Math.min(total - 1, page + NEIGHBOURS);
  return [1, ...gap(2, first - 1), ...range(first, last), ...gap(last + 1, total - 1), total];
}

/** The hidden pages from..to: nothing, the single page, or '...'. */
const gap = (from: number, to: number): PageItem[] => (to - from >= 1 ? [PAGE_GAP] : range(from, to));

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** 'Showing a-b of n jobs (Page p of P)'; 'Showing 0-0 of 0 jobs (Page 1 of 1)' for an empty list. */
export function showingText(page: number, pageSize: number, totalItems: number): string {
  const first = totalItems === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalItems);
  return `Showing ${first}-${last} of ${totalItems} jobs (Page ${page} of ${pageCount(totalItems, pageSize)})`;
}
