import { z } from 'zod';
import { dateFilterBounds, type DateFilter } from './date-filter.ts';
import { isoTimestamp } from './fields.ts';

/** The jobs table's server-side paging, filters, search and order (issue 12, section 1). */

/** The columns a list may be sorted by; `sort=-{column}` sorts descending. */
export const JOB_SORT_COLUMNS = ['created_at', 'started_at', 'ended_at', 'job_name', 'status'] as const;
export type JobSortColumn = (typeof JOB_SORT_COLUMNS)[number];

const SORT_VALUES = JOB_SORT_COLUMNS.flatMap((column) => [column, `-${column}`] as const);
export type JobSort = (typeof SORT_VALUES)[number];

/** Newest first, as the list always was. */
export const DEFAULT_JOB_SORT: JobSort = '-created_at';

export const JOB_SORT_MESSAGE = `sort must be one of ${JOB_SORT_COLUMNS.join(', ')}, with a leading '-' for descending`;
export const JOB_SEARCH_MAX_LENGTH = 100;
/** Deeper pages than this are refused: a page's cost grows with its depth, and nobody clicks that far. */
export const JOB_LIST_MAX_PAGE = 10_000;
export const JOB_PAGE_MESSAGE = `page must be a whole number from 1 to ${JOB_LIST_MAX_PAGE}`;

export const jobSort = z.enum(SORT_VALUES, { message: JOB_SORT_MESSAGE }).default(DEFAULT_JOB_SORT);

/** The column and direction a sort names. */
export const parseJobSort = (sort: JobSort) => ({
  column: sort.replace(/^-/, '') as JobSortColumn,
  descending: sort.startsWith('-'),
});

/** The optional narrowing of a job list; every filter applies to the listed user's jobs only. */
export const jobListFilters = z.object({
  /** 1-based page of max_results jobs; without it the list starts at the top (or at next_token). */
  page: z.coerce
    .number({ message: JOB_PAGE_MESSAGE })
    .int(JOB_PAGE_MESSAGE)
    .min(1, JOB_PAGE_MESSAGE)
    .max(JOB_LIST_MAX_PAGE, JOB_PAGE_MESSAGE)
    .optional(),
  sort: jobSort,
  /** Case-insensitive text in the job name or in the molecule's name as the table shows it ('H2', 'LiH'). */
  q: z
    .string()
    .trim()
    .max(JOB_SEARCH_MAX_LENGTH, `q must be at most ${JOB_SEARCH_MAX_LENGTH} characters`)
    .optional(),
  /** The device's name: the last segment of its path ('sv1', 'Garnet'). */
  device: z.string().trim().min(1).max(128).optional(),
  /** The region segment of the job ARN. */
  region: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'region must be a region name such as us-east-1')
    .optional(),
  /** Created at or after this instant. */
  created_from: isoTimestamp.optional(),
  /** Created before this instant. */
  created_to: isoTimestamp.optional(),
});
export type JobListFilters = z.infer<typeof jobListFilters>;

/** The table's Date filter as the created_from / created_to the server takes. */
export function dateFilterParams(
  filter: DateFilter,
  now: Date,
): Pick<JobListFilters, 'created_from' | 'created_to'> {
  const { from, to } = dateFilterBounds(filter, now);
  return {
    ...(from === undefined ? {} : { created_from: new Date(from).toISOString() }),
    ...(to === undefined ? {} : { created_to: new Date(to).toISOString() }),
  };
}
