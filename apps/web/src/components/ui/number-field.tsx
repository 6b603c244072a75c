import { useId, useState } from 'react';

export interface NumberRange {
  min?: number;
  max?: number;
  /** The spin buttons' step; whole numbers step by 1. */
  step?: number;
  integer?: boolean;
}

interface CommonProps {
  label: string;
  range?: NumberRange;
  hint?: string;
}

/** A number the form always holds. */
interface RequiredNumberProps extends CommonProps {
  optional?: false;
  value: number;
  onChange: (value: number) => void;
  /** Taken instead of an entry that is not a number, which then is no error. */
  fallback?: number;
}

/** A number that may be left out: the empty field means none (undefined), never a placeholder value. */
interface OptionalNumberProps extends CommonProps {
  optional: true;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  fallback?: never;
}

type NumberFieldProps = RequiredNumberProps | OptionalNumberProps;

const format = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 20 });

const parse = (text: string): number | undefined => {
  const number = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(number) ? number : undefined;
};

/** What is wrong with an entry, in words; null when it is fine. */
function numberProblem(text: string, range: NumberRange, fallback?: number, optional = false): string | null {
  const { min, max, integer = false } = range;
  const kind = integer ? 'a whole number' : 'a number';
  const wanted =
    min !== undefined && max !== undefined
      ? `Enter ${kind} from ${format(min)} to ${format(max)}`
      : min !== undefined
        ? `Enter ${kind} of ${format(min)} or more`
        : max !== undefined
          ? `Enter ${kind} of at most ${format(max)}`
          : `Enter ${kind}`;
  if (optional && text.trim() === '') return null;
  const value = parse(text);
  if (value === undefined)
    return fallback === undefined ? `${wanted}${optional ? ', or leave it empty' : ''}` : null;
  const outside =
    (min !== undefined && value < min) ||
    (max !== undefined && value > max) ||
    (integer && !Number.isInteger(value));
  return outside ? `${wanted}${optional ? ', or leave it empty' : ''}` : null;
}

const shownAs = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * A labelled number input that keeps what the user types. Every number typed reaches the form; an entry
 * outside the range is marked invalid (aria-invalid) with the reason beneath, and the forms refuse to go on
 * while any field is invalid.
 */
export function NumberField(props: NumberFieldProps) {
  const { label, value, range = {}, fallback, hint, optional = false } = props;
  const id = useId();
  const [draft, setDraft] = useState(() => shownAs(value));
  const [shown, setShown] = useState(value);
  const entered = (text: string) => parse(text) ?? fallback;
  // A value set from outside (a clone, a reset) replaces the entry; the user's own entries are left alone.
  if (!Object.is(value, shown)) {
    setShown(value);
    if (!Object.is(entered(draft), value)) setDraft(shownAs(value));
  }
  const problem = numberProblem(draft, range, fallback, optional);
  const describedBy = [problem ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');

  function change(text: string) {
    setDraft(text);
    const next = entered(text);
    if (props.optional && text.trim() === '') {
      setShown(undefined);
      props.onChange(undefined);
    } else if (next !== undefined) {
      setShown(next);
      props.onChange(next);
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
        step={range.step ?? (range.integer ? 1 : 'any')}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => change(event.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-accent-500 focus:ring-2 focus:ring-accent-200 focus:outline-none aria-invalid:border-red-400"
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
