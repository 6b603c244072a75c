/** Dates of the jobs table and modals: 'YYYY-MM-DD HH:MM:SS UTC', or '-' when absent or not a date. */
export function formatUtcDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
