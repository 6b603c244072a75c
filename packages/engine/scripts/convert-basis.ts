/**
 * Converts the Basis Set Exchange data shipped by Debian's psi4-data package (`.gbs` files) into the
 * compact JSON the engine loads, keeping elements H–Ar only.
 *
 *   npx tsx packages/engine/scripts/convert-basis.ts [/usr/share/psi4/basis]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASIS_CATALOG } from '../src/chem/basis/catalog.ts';
import { convertGbs, formatBasis } from './gbs.ts';

const sourceDir = process.argv[2] ?? '/usr/share/psi4/basis';
const outDir = fileURLToPath(new URL('../src/chem/basis/data/', import.meta.url));
const source = `Basis Set Exchange data from Debian package psi4-data ${psi4DataVersion()}`;

for (const entry of BASIS_CATALOG) {
  const outPath = join(outDir, `${entry.file}.json`);
  writeFileSync(outPath, formatBasis(convertGbs(sourceDir, entry.file, entry.name, source)));
  console.log(`${entry.name}: ${outPath}`);
}

function psi4DataVersion(): string {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', 'psi4-data'], { encoding: 'utf8' }).trim();
  } catch {
    return '(version unknown)';
  }
}
