import { DATE_FILTER_OPTIONS, JOB_SEARCH_MAX_LENGTH, JOB_TABLE_PAGE_SIZES } from '@hivqe/contract';
import { useEffect, useState } from 'react';
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

/** How long the search box waits after the last keystroke before it asks the server. */
const JOB_SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box: what is typed goes to `onSearch` once typing pauses; a search cleared from outside (Clear
 * filters) empties the box.
 */
function JobSearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), JOB_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <FormField
      label="Search"
      type="search"
      placeholder="Job name or molecule"
      maxLength={JOB_SEARCH_MAX_LENGTH}
      value={text}
      onChange={(event) => setText(event.target.value)}
      className="col-span-2"
    />
  );
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
      <div className="grid grid-cols-2 gap-3 md:grid-cols-7">
        <JobSearchField value={filters.q} onSearch={(q) => set({ q })} />
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
