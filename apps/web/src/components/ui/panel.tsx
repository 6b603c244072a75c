import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  description?: string;
  actions?: ReactNode;
  children?: ReactNode;
  /** 1 for the panel that is a screen's main content (the screen's only h1); otherwise a section (h2). */
  level?: 1 | 2;
}

/** A titled white card: one section of a page. */
export function Panel({ title, description, actions, children, level = 2 }: PanelProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {/* On a narrow screen the actions go below the title rather than squeezing it a word per line. */}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-48 flex-1">
          <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
          {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
        </div>
        {actions}
      </div>
      {children && <div className="mt-4 space-y-4">{children}</div>}
    </section>
  );
}
