import { DATE_FILTER_OPTIONS, JOB_TABLE_PAGE_SIZES } from '@hivqe/contract';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { FILTER_CHOICES, HybridJobFilters } from '../hybrid-job-filters.ts';

interface HybridJobFiltersBarProps {
  filters: HybridJobFilters;
  choices: typeof FILTER_CHOICES;
  pageSize: number;
  onFilters: (filters: HybridJobFilters) => void;
  onPageSize: (pageSize: number) => void;
}

const withAll = (label: string, values: readonly string[]) => [
  { value: '', label },
  ...values.map((value) => ({ value, label: value })),
];

export function HybridJobFiltersBar({
  filters,
  choices,
  pageSize,
  onFilters,
  onPageSize,
}: HybridJobFiltersBarProps) {
  const set = (patch: Partial<HybridJobFilters>) => onFilters({ ...filters, ...patch });
  return (
    <div role="search" aria-label="Filter jobs" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <SelectField
          label="Region"
          value={filters.region}
          options={withAll('All regions', choices.regions)}
          onChange={(region) => set({ region })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          options={withAll('All statuses', choices.statuses)}
          onChange={(status) => set({ status })}
        />
        <SelectField
          label="Device"
          value={filters.device}
          options={withAll('All devices', choices.devices)}
          onChange={(device) => set({ device })}
        />
        <SelectField
          label="Date"
          value={filters.date.kind}
          options={DATE_FILTER_OPTIONS}
          onChange={(kind) => {
            const option = DATE_FILTER_OPTIONS.find((candidate) => candidate.value === kind);
            if (option) set({ date: { ...filters.date, kind: option.value } });
          }}
        />
        <SelectField
          label="Per page"
          value={String(pageSize)}
          options={JOB_TABLE_PAGE_SIZES.map(String)}
          onChange={(size) => onPageSize(Number(size))}
        />
      </div>
      {filters.date.kind === 'custom' && (
        <div className="grid grid-cols-2 gap-3 md:w-1/2">
          <FormField
            label="From"
            type="date"
            value={filters.date.from ?? ''}
            onChange={(event) => set({ date: { ...filters.date, from: event.target.value } })}
          />
          <FormField
            label="To"
            type="date"
            value={filters.date.to ?? ''}
            onChange={(event) => set({ date: { ...filters.date, to: event.target.value } })}
          />
        </div>
      )}
    </div>
  );
}
