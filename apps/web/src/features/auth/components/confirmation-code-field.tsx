import { FormField } from '../../../components/ui/form-field.tsx';
import { codeDigits } from '../password-rules.ts';

interface ConfirmationCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
}

/** The mailed 6-digit code (accounts.md 2.5 and section 5): keeps digits only, at most six. */
export function ConfirmationCodeField({ value, onChange, disabled }: ConfirmationCodeFieldProps) {
  return (
    <FormField
      label="Confirmation Code"
      name="confirmation_code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      value={value}
      onChange={(event) => onChange(codeDigits(event.target.value))}
      disabled={disabled}
    />
  );
}
