import {
  arnRegion,
  deviceNameFromPath,
  matchesDateFilter,
  type DateFilter,
  type HybridJob,
} from '@hivqe/contract';

/** The table's filters (jobs.md 2.1); an empty string means every value. */
export interface HybridJobFilters {
  region: string;
  status: string;
  device: string;
  date: DateFilter;
}

export const NO_FILTERS: HybridJobFilters = { region: '', status: '', device: '', date: { kind: 'all' } };

const distinct = (values: string[]) => [...new Set(values.filter((value) => value !== ''))].sort();

/** The values present in the list, for the filter dropdowns. */
export const filterChoices = (jobs: readonly HybridJob[]) => ({
  regions: distinct(jobs.map((job) => arnRegion(job.job_arn))),
  statuses: distinct(jobs.map((job) => job.status)),
  devices: distinct(jobs.map((job) => deviceNameFromPath(job.device))),
});

export function applyFilters(jobs: readonly HybridJob[], filters: HybridJobFilters, now: Date): HybridJob[] {
  return jobs.filter(
    (job) =>
      (filters.region === '' || arnRegion(job.job_arn) === filters.region) &&
      (filters.status === '' || job.status === filters.status) &&
      (filters.device === '' || deviceNameFromPath(job.device) === filters.device) &&
      matchesDateFilter(job.created_at, filters.date, now),
  );
}
