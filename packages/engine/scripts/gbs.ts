import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredBasis, StoredShell } from '../src/chem/basis/data-format.ts';
import { SUPPORTED_ELEMENTS } from '../src/chem/elements.ts';

const ANGULAR_LETTERS = 'SPDFGHI';
const ELEMENT_HEADER = /^([A-Za-z]{1,2})\s+0$/;
const SHELL_HEADER = /^([A-Z]+)\s+(\d+)\s+([\d.]+)$/;

/** The engine's JSON for one basis set, from `<sourceDir>/<file>.gbs`, elements H–Ar only. */
export function convertGbs(sourceDir: string, file: string, name: string, source: string): StoredBasis {
  const gbsPath = join(sourceDir, `${file}.gbs`);
  const elements = parseGbs(readFileSync(gbsPath, 'utf8'), gbsPath);
  const kept: StoredBasis['elements'] = {};
  for (const symbol of SUPPORTED_ELEMENTS) {
    const shells = elements.get(symbol);
    if (shells === undefined) throw new Error(`${gbsPath}: no data for ${symbol}`);
    kept[symbol] = shells;
  }
  return { basis: name, source: `${source}, ${file}.gbs`, elements: kept };
}

/** Psi4's Gaussian94-style format: '****'-separated element blocks of 'L nprim scale' shells. */
function parseGbs(text: string, path: string): Map<string, StoredShell[]> {
  const lines = text
    .split('\n')
    .map((line) => line.replace(/!.*/, '').trim())
    .filter((line) => line !== '' && line !== 'spherical' && line !== 'cartesian');
  const elements = new Map<string, StoredShell[]>();
  let shells: StoredShell[] | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const element = ELEMENT_HEADER.exec(line);
    const shell = SHELL_HEADER.exec(line);
    if (line === '****') {
      shells = undefined;
    } else if (element !== null && shells === undefined) {
      shells = [];
      elements.set(element[1], shells);
    } else if (shell !== null && shells !== undefined) {
      const [, letters, count, scale] = shell;
      if (Number(scale) !== 1) throw new Error(`${path}: scaled shell '${line}' is not supported`);
      const rows = lines.slice(i + 1, i + 1 + Number(count)).map(parseNumbers);
      i += rows.length;
      // An 'SP' shell shares exponents between an s and a p contraction; the engine wants them apart.
      for (const [column, letter] of [...letters].entries()) {
        shells.push([
          angularMomentum(letter, path),
          rows.map((row) => row[0]),
          rows.map((row) => row[column + 1]),
        ]);
      }
    } else {
      throw new Error(`${path}: unexpected line '${line}'`);
    }
  }
  return elements;
}

function parseNumbers(line: string): number[] {
  return line.split(/\s+/).map((field) => {
    const value = Number(field.replace(/[dD]/, 'E'));
    if (!Number.isFinite(value)) throw new Error(`not a number: '${field}' in '${line}'`);
    return value;
  });
}

function angularMomentum(letter: string, path: string): number {
  const l = ANGULAR_LETTERS.indexOf(letter);
  if (l < 0) throw new Error(`${path}: unknown shell type '${letter}'`);
  return l;
}

/** One element per line: compact, yet diffs stay readable. */
export function formatBasis(basis: StoredBasis): string {
  const elementLines = Object.entries(basis.elements).map(
    ([symbol, shells]) => `    ${JSON.stringify(symbol)}: ${JSON.stringify(shells)}`,
  );
  return [
    '{',
    `  "basis": ${JSON.stringify(basis.basis)},`,
    `  "source": ${JSON.stringify(basis.source)},`,
    '  "elements": {',
    elementLines.join(',\n'),
    '  }',
    '}',
    '',
  ].join('\n');
}
