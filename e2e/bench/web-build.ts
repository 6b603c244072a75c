import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILT = path.join(ROOT, 'apps/web/dist/index.html');
/** What the bundle is made of: the web app (its sources, config and assets), the contract and the lockfile. */
const INPUTS = ['apps/web', 'packages/contract/src', 'package-lock.json'].map((input) =>
  path.join(ROOT, input),
);
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', '.vite']);

/** The newest modification time under `target` (test files count too: a needless rebuild takes seconds). */
function newestChange(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry.name))), stat.mtimeMs);
}

/**
 * Builds the web console (`npm run build -w apps/web`, as `test:e2e` does) when `apps/web/dist` is missing or
 * older than any of its inputs, so the server serves the code being measured.
 */
export function ensureWebBuild(): void {
  const missing = !existsSync(BUILT);
  if (!missing && statSync(BUILT).mtimeMs >= Math.max(...INPUTS.filter(existsSync).map(newestChange))) return;
  console.log(`web bundle ${missing ? 'missing' : 'stale'}: npm run build -w apps/web`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build -w apps/web failed (exit ${build.status})`);
}
