/** A value the result does not hold: a dash, never a made-up 0, with the reason beside it. */
export function AbsentValue({ reason }: { reason: string }) {
  return (
    <span>
      <span aria-hidden="true">—</span> <span className="text-xs text-slate-500">{reason}</span>
    </span>
  );
}
