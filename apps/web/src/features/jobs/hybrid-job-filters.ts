import { BRAKET_REGIONS, DEVICES, JOB_STATUSES, deviceNameFromPath, type DateFilter } from '@hivqe/contract';

/** The table's filters (jobs.md 2.1); an empty string means every value. The server applies them. */
export interface HybridJobFilters {
  region: string;
  status: string;
  device: string;
  date: DateFilter;
}

export const NO_FILTERS: HybridJobFilters = { region: '', status: '', device: '', date: { kind: 'all' } };

export const hasFilters = (filters: HybridJobFilters) =>
  filters.region !== '' || filters.status !== '' || filters.device !== '' || filters.date.kind !== 'all';

/**
 * The dropdowns' values: every region, status and device a cloud job can have. The console no longer holds
 * the whole list, so it cannot offer only the values present in it.
 */
export const FILTER_CHOICES = {
  regions: [...BRAKET_REGIONS].sort(),
  statuses: [...JOB_STATUSES].sort(),
  devices: [...new Set(DEVICES.map((device) => deviceNameFromPath(device.arn)))].sort(),
};
