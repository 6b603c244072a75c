import {
  BRAKET_REGIONS,
  DEVICES,
  JOB_STATUSES,
  deviceNameFromPath,
  parseJobSort,
  type DateFilter,
  type JobSort,
  type JobSortColumn,
} from '@hivqe/contract';

/**
 * The table's filters (jobs.md 2.1) and its search box (issue 12: job name or molecule); an empty string means
 * every value. The server applies them.
 */
export interface HybridJobFilters {
  q: string;
  region: string;
  status: string;
  device: string;
  date: DateFilter;
}

export const NO_FILTERS: HybridJobFilters = {
  q: '',
  region: '',
  status: '',
  device: '',
  date: { kind: 'all' },
};

export const hasFilters = (filters: HybridJobFilters) =>
  filters.q !== '' ||
  filters.region !== '' ||
  filters.status !== '' ||
  filters.device !== '' ||
  filters.date.kind !== 'all';

/**
 * The dropdowns' values: every region, status and device a cloud job can have. The console no longer holds
 * the whole list, so it cannot offer only the values present in it.
 */
export const FILTER_CHOICES = {
  regions: [...BRAKET_REGIONS].sort(),
  statuses: [...JOB_STATUSES].sort(),
  devices: [...new Set(DEVICES.map((device) => deviceNameFromPath(device.arn)))].sort(),
};

/** Dates read newest first at the first click, names and statuses A to Z. */
const DESCENDING_FIRST = new Set<JobSortColumn>(['created_at', 'started_at', 'ended_at']);

/** The order after a click on `column`'s header: the same column flips, another starts in its usual direction. */
export function nextJobSort(current: JobSort, column: JobSortColumn): JobSort {
  const { column: sorted, descending } = parseJobSort(current);
  const descend = sorted === column ? !descending : DESCENDING_FIRST.has(column);
  return descend ? (`-${column}` as const) : column;
}
