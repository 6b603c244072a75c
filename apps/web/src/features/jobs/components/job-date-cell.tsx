import { formatUtcDateTime } from '@hivqe/contract';
import { useState } from 'react';
import { Tooltip } from '../../../components/ui/tooltip.tsx';

const THIS_YEAR: Intl.DateTimeFormatOptions = {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const OTHER_YEAR: Intl.DateTimeFormatOptions = {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
};

/** 'Mar 1, 10:00' this year, 'Mar 1, 2024' before: short enough for one line, in UTC as the full value. */
function shortUtcDate(date: Date, now: Date): string {
  const sameYear = date.getUTCFullYear() === now.getUTCFullYear();
  return date.toLocaleString('en-US', sameYear ? THIS_YEAR : OTHER_YEAR);
}

/**
 * A date of the jobs table: short, with the spec's full 'YYYY-MM-DD HH:MM:SS UTC' for screen readers and in a
 * tooltip on hover; '-' when absent (jobs.md 2.1). The tooltip is mounted at the first hover: three per row
 * would triple the rows' rendering cost for values seldom hovered.
 */
export function JobDateCell({ value }: { value: string | null | undefined }) {
  const [hovered, setHovered] = useState(false);
  const full = formatUtcDateTime(value);
  if (!value || full === '-') return <>-</>;
  const date = (
    <time dateTime={value} onPointerEnter={() => setHovered(true)}>
      <span aria-hidden="true">{shortUtcDate(new Date(value), new Date())}</span>
      <span className="sr-only">{full}</span>
    </time>
  );
  return hovered ? (
    <Tooltip content={full} defaultOpen>
      {date}
    </Tooltip>
  ) : (
    date
  );
}
