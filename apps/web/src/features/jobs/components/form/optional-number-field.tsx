import { useId, useState } from 'react';
import type { NumberRange } from '../../../../components/ui/number-field.tsx';

interface OptionalNumberFieldProps {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  range?: NumberRange;
  /** Says what an empty field means. */
  hint: string;
}

const parse = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * A number input that may be left empty: the empty field means "none" (undefined), never a placeholder value.
 * An entry that is not a number in the range is marked invalid and not passed on.
 */
export function OptionalNumberField({ label, value, onChange, range = {}, hint }: OptionalNumberFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(() => (value === undefined ? '' : String(value)));
  const [shown, setShown] = useState(value);
  // A value set from outside (a clone, a reset) replaces the entry.
  if (!Object.is(value, shown)) {
    setShown(value);
    setDraft(value === undefined ? '' : String(value));
  }
  const parsed = parse(draft);
  const invalid =
    parsed !== undefined &&
    (!Number.isFinite(parsed) ||
      (range.min !== undefined && parsed < range.min) ||
      (range.max !== undefined && parsed > range.max));

  function change(text: string) {
    setDraft(text);
    const next = parse(text);
    if (next === undefined || Number.isFinite(next)) {
      setShown(next);
      onChange(next);
    }
  }

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="number"
        value={draft}
        min={range.min}
        max={range.max}
        step={range.step ?? 'any'}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => change(event.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-accent-500 focus:ring-2 focus:ring-accent-200 focus:outline-none aria-invalid:border-red-400"
      />
      <p id={`${id}-hint`} className={invalid ? 'text-xs text-red-600' : 'text-xs text-slate-500'}>
        {invalid
          ? `Enter a number${range.min === undefined ? '' : ` of ${range.min} or more`}, or leave it empty`
          : hint}
      </p>
    </div>
  );
}
