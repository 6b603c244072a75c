import { Button } from '../../../components/ui/button.tsx';

export interface CopyableValue {
  label: string;
  value: string;
}

/** Settings shown as label and value, each with its own Copy button. */
export function CopyableValues({
  values,
  onCopy,
}: {
  values: CopyableValue[];
  onCopy: (label: string, value: string) => void;
}) {
  return (
    <dl className="divide-y divide-slate-100 rounded-md border border-slate-200">
      {values.map(({ label, value }) => (
        <div key={label} className="px-4 py-2.5">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-0.5 flex items-center justify-between gap-4">
            <span className="min-w-0 font-mono text-sm break-all text-slate-900">{value}</span>
            <Button variant="link" aria-label={`Copy ${label}`} onClick={() => onCopy(label, value)}>
              Copy
            </Button>
          </dd>
        </div>
      ))}
    </dl>
  );
}
