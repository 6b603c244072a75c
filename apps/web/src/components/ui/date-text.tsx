const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  ...DATE,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};

/** A date as the console shows them (accounts.md section 9): en-US, short month, day, year; null if unreadable. */
export function formatDate(value: string | null | undefined, withTime = false): string | null {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return date.toLocaleString('en-US', withTime ? DATE_TIME : DATE);
}

interface DateTextProps {
  /** An ISO 8601 timestamp from the API. */
  value: string | null | undefined;
  withTime?: boolean;
  /** Shown when there is no date or it cannot be read. */
  fallback?: string;
}

export function DateText({ value, withTime = false, fallback = '' }: DateTextProps) {
  const text = formatDate(value, withTime);
  if (text === null || !value) return <>{fallback}</>;
  return <time dateTime={value}>{text}</time>;
}
