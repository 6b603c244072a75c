import { formatOrbitalInput, parseOrbitalInput, sanitizeOrbitalInput } from '@hivqe/contract';
import { useState } from 'react';
import { FormField } from '../../../../components/ui/form-field.tsx';

interface OrbitalFieldProps {
  label: string;
  value: readonly number[];
  onChange: (orbitals: number[]) => void;
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Orbital indices typed as text: only digits, spaces and commas get in (jobs.md 5 'Orbitals'). */
export function OrbitalField({ label, value, onChange }: OrbitalFieldProps) {
  const [text, setText] = useState(() => formatOrbitalInput(value));
  // A list set from outside (a clone) replaces the text; the user's own typing is kept as typed.
  if (!sameList(parseOrbitalInput(text), value)) setText(formatOrbitalInput(value));

  function change(entry: string) {
    const clean = sanitizeOrbitalInput(entry);
    setText(clean);
    onChange(parseOrbitalInput(clean));
  }

  return (
    <FormField
      label={label}
      value={text}
      inputMode="numeric"
      hint="Orbital numbers separated by commas or spaces"
      onChange={(event) => change(event.target.value)}
    />
  );
}
