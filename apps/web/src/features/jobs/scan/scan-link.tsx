import type { JobScan } from '@hivqe/contract';

/** A listed job's way to its bond scan: a badge naming the scan that opens its view. */
export function ScanLink({ scan, onOpen }: { scan: NonNullable<JobScan>; onOpen: (scanId: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(scan.scan_id)}
      aria-label={`View scan ${scan.scan_name}`}
      className="inline-flex shrink-0 items-center rounded-full bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-700 hover:bg-accent-100"
    >
      Scan
    </button>
  );
}
