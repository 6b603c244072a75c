import type { ReactNode } from 'react';

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-accent-200 bg-accent-50 text-accent-700',
  warning: 'border-amber-200 bg-amber-50 text-amber-800',
} as const;

export type BannerTone = keyof typeof TONES;

interface BannerProps {
  tone: BannerTone;
  children: ReactNode;
  onDismiss?: () => void;
}

/** Feedback in a coloured box; errors are announced at once, the rest politely. */
export function Banner({ tone, children, onDismiss }: BannerProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm ${TONES[tone]}`}
    >
      <div>{children}</div>
      {onDismiss && (
        <button type="button" aria-label="Dismiss" onClick={onDismiss} className="leading-none opacity-70">
          ×
        </button>
      )}
    </div>
  );
}
