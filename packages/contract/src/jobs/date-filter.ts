/**
 * The jobs table's Date filter (jobs.md 2.1), over created_at and the current instant. Days are UTC days, as
 * the table shows its dates in UTC: 'Today' is created_at's UTC date equal to now's; 'Last N days' is the
 * rolling N × 24 hours up to now; a custom range is inclusive of both whole days, either end may be left
 * empty, and an end that is not a YYYY-MM-DD date is ignored. A job without a valid created_at only passes
 * 'All time'.
 */

export const DATE_FILTER_OPTIONS = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'last90', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom range...' },
] as const;
export type DateFilterKind = (typeof DATE_FILTER_OPTIONS)[number]['value'];

export interface DateFilter {
  kind: DateFilterKind;
  /** Custom range bounds, 'YYYY-MM-DD' as date inputs give them. */
  from?: string;
  to?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ROLLING_DAYS = { last7: 7, last30: 30, last90: 90 } as const;
const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;

const utcDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Midnight UTC of a 'YYYY-MM-DD' input, or undefined when empty or not a real date (2024-02-30). */
function dayStart(date: string | undefined): number | undefined {
  if (date === undefined || !DATE_INPUT.test(date)) return undefined;
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && utcDate(time) === date ? time : undefined;
}

/**
 * The instants a filter lets through, as epoch milliseconds: from inclusive, to exclusive; an absent end is
 * open. The server filters on these, so the table's rule lives in one place.
 */
export function dateFilterBounds(filter: DateFilter, now: Date): { from?: number; to?: number } {
  switch (filter.kind) {
    case 'all':
      return {};
    case 'today': {
      const from = Date.parse(`${utcDate(now.getTime())}T00:00:00Z`);
      return { from, to: from + DAY_MS };
    }
    case 'custom': {
      const to = dayStart(filter.to);
      return { from: dayStart(filter.from), to: to === undefined ? undefined : to + DAY_MS };
    }
    default:
      return { from: now.getTime() - ROLLING_DAYS[filter.kind] * DAY_MS };
  }
}

export function matchesDateFilter(
  createdAt: string | null | undefined,
  filter: DateFilter,
  now: Date,
): boolean {
  if (filter.kind === 'all') return true;
  const created = createdAt == null ? NaN : Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  const { from, to } = dateFilterBounds(filter, now);
  return (from === undefined || created >= from) && (to === undefined || created < to);
}
