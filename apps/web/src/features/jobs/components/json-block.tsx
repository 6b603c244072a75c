/** A value shown as indented JSON, under a heading. */
export function JsonBlock({ title, value }: { title: string; value: unknown }) {
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
