import { AUTH_MESSAGES, passwordRuleError } from '@hivqe/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../lib/http-errors.ts';

/**
 * zxcvbn-ts's list of commonly used passwords, gathered from public breach corpora (about 49,000 entries),
 * lower-cased. It ships with the server only: the console shows the server's message instead of a 1 MB list.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));

/** True for a password on the common/breached list, whatever its letter case (ASVS 5.0 V6). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** The whole rule for a password being set: the contract's (length, not blank) and the common list. */
export function passwordPolicyError(password: string): string | null {
  return passwordRuleError(password) ?? (isCommonPassword(password) ? AUTH_MESSAGES.passwordCommon : null);
}

/** Refuses, as a 400 naming what is wrong, a password that breaks the rule. */
export function assertPasswordPolicy(password: string): void {
  const message = passwordPolicyError(password);
  if (message) throw badRequest(message);
}
