import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmt } from '../../apps/server/bench/stats.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Issue 12 §7: what a first visit downloads before the console can draw anything — the entry chunk and every
 * chunk it imports statically, transitively, with their CSS — gzip-compressed as a server would send them.
 * Chunks behind a dynamic import (screens, sections, dialogs) load only when they are opened.
 */

const DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
const GOAL_KB = 150;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The entry and its static imports, each once, by manifest key. */
function initialChunks(manifest: Manifest): ManifestChunk[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1)
    throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  visit(entries[0]);
  return [...seen].map((key) => manifest[key]);
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length, 0) /
  1000;

ensureWebBuild();
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
const chunks = initialChunks(manifest);
const js = chunks.map((chunk) => chunk.file);
const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
  file.endsWith('.js'),
);
const jsKb = gzipKb(js);

console.log('web bundle: the initial load (entry chunk and its static imports), gzip');
console.log(`  initial JS   ${fmt(jsKb).padStart(7)} kB in ${js.length} chunks (goal under ${GOAL_KB} kB)`);
console.log(`  initial CSS  ${fmt(gzipKb(css)).padStart(7)} kB in ${css.length} files`);
console.log(
  `  all JS       ${fmt(gzipKb(allJs)).padStart(7)} kB in ${allJs.length} chunks (the rest loads on demand)`,
);
if (jsKb >= GOAL_KB) process.exitCode = 1;
