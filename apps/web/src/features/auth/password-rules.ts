import { CONFIRMATION_CODE_LENGTH, passwordRuleError } from '@hivqe/contract';

/**
 * The checks a screen can make without the server (accounts.md section 5): the two entries match and the
 * contract's rule (length in code points) holds; null when the pair is acceptable. Common and breached
 * passwords are refused by the server alone, and its message is shown as it is.
 */
export function passwordPairError(password: string, confirmation: string): string | null {
  if (password !== confirmation) return 'Passwords do not match.';
  return passwordRuleError(password);
}

/** What the confirmation-code field keeps of what was typed or pasted: digits only, at most six. */
export function codeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, CONFIRMATION_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === CONFIRMATION_CODE_LENGTH;
}
