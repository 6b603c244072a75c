/** Chemistry options of the two creation forms (jobs.md 9); the server accepts either spelling. */

export const WIZARD_BASIS_OPTIONS = [
  'sto-3g',
  'ccpvdz',
  'ccpvtz',
  'ccpvqz',
  '6-31g',
  '6-31g*',
  '6-31g**',
] as const;
export const FORM_BASIS_OPTIONS = [
  'sto3g',
  '631g',
  '631gd',
  '631gdp',
  'ccpvdz',
  'ccpvtz',
  'ccpvqz',
  'augccpvdz',
  'augccpvtz',
] as const;
export const BASIS_OPTIONS = unique([...FORM_BASIS_OPTIONS, ...WIZARD_BASIS_OPTIONS]);

export const WIZARD_ANSATZ_OPTIONS = [
  'epa',
  'uccsd',
  'ucc',
  'ucc-s',
  'ucc-s-d',
  'ucc-s-t',
  'ucc-s-t-d',
  'ucc-s-t-d-q',
  'ucc-s-t-d-q-p',
] as const;
export const FORM_ANSATZ_OPTIONS = ['epa', 'uccsd', 'hardware_efficient'] as const;
export const ANSATZ_OPTIONS = unique([...FORM_ANSATZ_OPTIONS, ...WIZARD_ANSATZ_OPTIONS]);

export const WIZARD_ENTANGLEMENT_OPTIONS = ['circular', 'linear', 'full', 'no'] as const;
export const FORM_ENTANGLEMENT_OPTIONS = ['circular', 'linear', 'full', 'pairwise'] as const;
export const ENTANGLEMENT_OPTIONS = unique([...FORM_ENTANGLEMENT_OPTIONS, ...WIZARD_ENTANGLEMENT_OPTIONS]);

export type BasisOption = (typeof BASIS_OPTIONS)[number];
export type AnsatzOption = (typeof ANSATZ_OPTIONS)[number];
export type EntanglementOption = (typeof ENTANGLEMENT_OPTIONS)[number];

/** Keeps the first occurrence of each value, so the union lists the newer form's spelling first. */
function unique<T extends string>(values: readonly T[]): readonly T[] {
  return [...new Set(values)];
}
