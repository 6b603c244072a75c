/**
 * A dropdown's choices with the current value added in front when the list does not name it (a cloned job's
 * other spelling, such as the wizard's 'sto-3g' in the newer form), so the field shows what the form holds.
 */
export const optionsWithCurrent = (options: readonly string[], current: string): readonly string[] =>
  options.includes(current) ? options : [current, ...options];
