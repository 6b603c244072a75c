/** Element symbols in atomic-number order; index + 1 is the nuclear charge. */
export const SUPPORTED_ELEMENTS = [
  'H',
  'He',
  'Li',
  'Be',
  'B',
  'C',
  'N',
  'O',
  'F',
  'Ne',
  'Na',
  'Mg',
  'Al',
  'Si',
  'P',
  'S',
  'Cl',
  'Ar',
] as const;

export type ElementSymbol = (typeof SUPPORTED_ELEMENTS)[number];

const BY_LOWER_CASE = new Map<string, ElementSymbol>(SUPPORTED_ELEMENTS.map((el) => [el.toLowerCase(), el]));

/** Case-insensitive lookup ('n', 'N', 'CL' all work); undefined for anything outside H–Ar. */
export function findElement(symbol: string): ElementSymbol | undefined {
  return BY_LOWER_CASE.get(symbol.toLowerCase());
}

export function atomicNumber(symbol: ElementSymbol): number {
  return SUPPORTED_ELEMENTS.indexOf(symbol) + 1;
}
