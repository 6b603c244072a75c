import { BRAND } from '@hivqe/contract';

/** The product mark: an atom-like orbit drawn in the accent colour. */
export function Logo({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" role="img" aria-label={`${BRAND.product} logo`} className={className}>
      <rect width="32" height="32" rx="8" className="fill-accent-600" />
      <circle cx="16" cy="16" r="3.5" fill="#fff" />
      {[0, 60, 120].map((angle) => (
        <ellipse
          key={angle}
          cx="16"
          cy="16"
          rx="11"
          ry="4.5"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          transform={`rotate(${angle} 16 16)`}
        />
      ))}
    </svg>
  );
}
