import { useState } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { passwordPairError } from '../password-rules.ts';

/** A new password typed twice (sign-up and the first-login new password, accounts.md section 5). */
export function usePasswordPair() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    /** Null when the two entries match and follow the rules, else the message to show. */
    problem: passwordPairError(password, confirmation),
    fields: { password, confirmation, setPassword, setConfirmation },
  };
}

interface PasswordPairFieldsProps {
  /** The first field's label; the second is always 'Confirm Password'. */
  label: string;
  password: string;
  confirmation: string;
  setPassword: (password: string) => void;
  setConfirmation: (confirmation: string) => void;
}

export function PasswordPairFields({
  label,
  password,
  confirmation,
  setPassword,
  setConfirmation,
}: PasswordPairFieldsProps) {
  return (
    <>
      <FormField
        label={label}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
    </>
  );
}
