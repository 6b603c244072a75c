import { FULL_NAME_MAX_LENGTH } from '@hivqe/contract';
import { FormField } from '../../../components/ui/form-field.tsx';

/** The 'Full Name' field of the profile and of accepting an invitation, with the contract's length limit. */
export function FullNameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  return (
    <FormField
      label="Full Name"
      autoComplete="name"
      maxLength={FULL_NAME_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
