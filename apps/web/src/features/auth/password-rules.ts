import { AUTH_MESSAGES, CONFIRMATION_CODE_LENGTH, PASSWORD_MIN_LENGTH } from '@hivqe/contract';

/** Sign-up and new-password rules (accounts.md section 5); null when the pair is acceptable. */
export function passwordPairError(password: string, confirmation: string): string | null {
  if (password !== confirmation) return 'Passwords do not match.';
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return null;
}

/** What the confirmation-code field keeps of what was typed or pasted: digits only, at most six. */
export function codeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, CONFIRMATION_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === CONFIRMATION_CODE_LENGTH;
}
