/** The orbital inputs (jobs.md 5 'Orbitals'): lists of molecular-orbital indices typed as text. */

/** Drops every keystroke but digits, spaces and commas. */
export const sanitizeOrbitalInput = (text: string) => text.replace(/[^\d ,]/g, '');

/**
 * The integers of an orbital input. Entries are separated by commas or spaces ('2, 3 4' gives 2, 3, 4);
 * empty entries and anything that is not a whole number are dropped. Repeats are kept for the server to
 * refuse, so the user sees why.
 */
export const parseOrbitalInput = (text: string): number[] =>
  text
    .split(/[\s,]+/)
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);

/** The input text for a list, as a cloned form shows it. */
export const formatOrbitalInput = (orbitals: readonly number[]) => orbitals.join(', ');

const TABLE_ACTIVE_SHOWN = 3;

/** The jobs table's line under the molecule: 'Act: [2,3,4,...], Frz: [0,1]'. */
export function orbitalSummary(active: readonly number[], frozen: readonly number[]): string {
  const shown = active.slice(0, TABLE_ACTIVE_SHOWN).join(',');
  const more = active.length > TABLE_ACTIVE_SHOWN ? ',...' : '';
  return `Act: [${shown}${more}], Frz: [${frozen.join(',')}]`;
}
