/**
 * A value shown as indented JSON, under a heading. A value the job does not have is said in words
 * (`absent`), never printed as `null`.
 */
export function JsonBlock({ title, value, absent }: { title: string; value: unknown; absent?: string }) {
  if ((value === null || value === undefined) && absent !== undefined) {
    return (
      <section aria-label={title} className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
        <p className="text-sm text-slate-600">{absent}</p>
      </section>
    );
  }
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {/* Focusable, so a long value can be scrolled from the keyboard. */}
      <pre
        tabIndex={0}
        className="max-h-64 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 focus:ring-2 focus:ring-accent-500 focus:outline-none"
      >
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}
