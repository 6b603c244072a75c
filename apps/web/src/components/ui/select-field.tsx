import { useId } from 'react';
import { CONTROL_CLASS } from './field-styles.ts';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  /** A bare string is both the value and the label. */
  options: readonly (string | SelectOption)[];
  onChange: (value: string) => void;
  hint?: string;
  disabled?: boolean;
}

const optionOf = (option: string | SelectOption): SelectOption =>
  typeof option === 'string' ? { value: option, label: option } : option;

/** A labelled drop-down; the hint is tied to the control so screen readers read it too. */
export function SelectField({ label, value, options, onChange, hint, disabled }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={CONTROL_CLASS}
      >
        {options.map(optionOf).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
