import type { ReactNode } from 'react';

interface FormSectionProps {
  title: string;
  children: ReactNode;
  /** Fields side by side (default), or one block under another. */
  layout?: 'grid' | 'stack';
}

/** A titled group of fields; its legend names it for assistive technology and tests. */
export function FormSection({ title, children, layout = 'grid' }: FormSectionProps) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      <div className={layout === 'grid' ? 'grid grid-cols-1 gap-4 sm:grid-cols-2' : 'space-y-3'}>
        {children}
      </div>
    </fieldset>
  );
}
