import type { ReactNode } from 'react';

/**
 * A box whose content (a wide table) scrolls sideways inside it rather than widening the page (issue 30). It is a
 * named keyboard stop, so the arrow keys scroll it (axe 'scrollable-region-focusable'), and `relative`, so
 * absolutely placed screen-reader text inside is clipped here rather than stretching the document.
 */
export function HorizontalScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent-500"
    >
      {children}
    </div>
  );
}
