import { statusBadge, type BadgeColour } from '@hivqe/contract';

/** The Tailwind styles of the contract's badge colours (jobs.md 4). */
const COLOUR_STYLES: Record<BadgeColour, string> = {
  green: 'bg-green-100 text-green-800',
  'blue-pulse': 'bg-blue-100 text-blue-800',
  'light-blue': 'bg-sky-100 text-sky-700',
  red: 'bg-red-100 text-red-800',
  grey: 'bg-slate-100 text-slate-700',
  yellow: 'bg-yellow-100 text-yellow-800',
  orange: 'bg-orange-100 text-orange-800',
  purple: 'bg-purple-100 text-purple-800',
  'dark-grey': 'bg-slate-300 text-slate-800',
};

/**
 * A job's status as a coloured badge; UNKNOWN when it has none. A pulsing status pulses a dot beside its label,
 * not the label: faded text at the pulse's low point would fall below 4.5:1 contrast.
 */
export function JobStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, colour } = statusBadge(status);
  return (
    <span
      data-colour={colour}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOUR_STYLES[colour]}`}
    >
      {colour === 'blue-pulse' && (
        <span aria-hidden="true" className="mr-1.5 size-1.5 animate-pulse rounded-full bg-current" />
      )}
      {label}
    </span>
  );
}
