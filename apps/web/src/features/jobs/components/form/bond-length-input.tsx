import { useState, type KeyboardEvent } from 'react';
import { FormField } from '../../../../components/ui/form-field.tsx';

interface BondLengthInputProps {
  bondKey: string;
  /** Renames the molecule; false when the new length is refused, and the entry goes back to the old one. */
  onRename: (to: string) => boolean;
}

/** A molecule's bond length, renamed when the entry is left or Enter is pressed. */
export function BondLengthInput({ bondKey, onRename }: BondLengthInputProps) {
  const [draft, setDraft] = useState(bondKey);

  function commit() {
    if (draft !== bondKey && !onRename(draft)) setDraft(bondKey);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  }

  return (
    <FormField
      label="Bond Length (Å)"
      value={draft}
      inputMode="decimal"
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}
