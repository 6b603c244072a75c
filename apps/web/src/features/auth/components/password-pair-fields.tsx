import { useState } from 'react';
import { PASSWORD_RULE_TEXT } from '@hivqe/contract';
import { FormField } from '../../../components/ui/form-field.tsx';
import { passwordPairError } from '../password-rules.ts';

/** A new password typed twice (every screen that sets a password, accounts.md section 5). */
export function usePasswordPair() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    /** Null when the two entries match and follow the rules, else the message to show. */
    problem: passwordPairError(password, confirmation),
    fields: { password, confirmation, setPassword, setConfirmation },
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
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

/** The first field carries the one rule, in the words the API uses, wherever a password is chosen. */
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
        hint={PASSWORD_RULE_TEXT}
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
