/**
 * Converts the Basis Set Exchange data shipped by Debian's psi4-data package (`.gbs` files) into the
 * compact JSON the engine loads, keeping elements H–Ar only.
 *
 *   npx tsx packages/engine/scripts/convert-basis.ts [--check] [/usr/share/psi4/basis]
 *
 * With --check nothing is written: it exits 1 unless every committed JSON equals a fresh conversion (the
 * check needs psi4-data installed, so it is a maintenance script rather than part of the test suite).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASIS_CATALOG } from '../src/chem/basis/catalog.ts';
import { convertGbs, formatBasis } from './gbs.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
const sourceDir = args.find((arg) => arg !== '--check') ?? '/usr/share/psi4/basis';
const outDir = fileURLToPath(new URL('../src/chem/basis/data/', import.meta.url));

let stale = 0;
for (const entry of BASIS_CATALOG) {
  const outPath = join(outDir, `${entry.file}.json`);
  if (check) {
    const committed = readFileSync(outPath, 'utf8');
    // The committed source names the psi4-data version it came from; the check converts with the same words.
    const source = (JSON.parse(committed) as { source: string }).source.replace(/, [^,]*\.gbs$/, '');
    const same = formatBasis(convertGbs(sourceDir, entry.file, entry.name, source)) === committed;
    if (!same) stale++;
    console.log(`${entry.name}: ${same ? 'matches' : 'DIFFERS from'} ${sourceDir}/${entry.file}.gbs`);
  } else {
    const source = `Basis Set Exchange data from Debian package psi4-data ${psi4DataVersion()}`;
    writeFileSync(outPath, formatBasis(convertGbs(sourceDir, entry.file, entry.name, source)));
    console.log(`${entry.name}: ${outPath}`);
  }
}
if (stale > 0) process.exit(1);

function psi4DataVersion(): string {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', 'psi4-data'], { encoding: 'utf8' }).trim();
  } catch {
    return '(version unknown)';
  }
}
