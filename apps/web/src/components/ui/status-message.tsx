/** A one-line state of a whole screen or section, such as a loading notice. */
export function StatusMessage({ children }: { children: string }) {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center p-8 text-sm text-slate-500">
      {children}
    </div>
  );
}
