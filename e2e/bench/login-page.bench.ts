import type { Page } from 'playwright-core';
import { fmt } from '../../apps/server/bench/stats.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { startConsole } from '../support/console.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Issue 27: the JavaScript a signed-out visitor's browser loads to draw /login, served by the console itself
 * (Brotli or gzip by Accept-Encoding), and how much of it never ran (V8's block coverage, as Lighthouse's
 * 'unused JavaScript' counts it). The page counts as drawn when the sign-in form is there and the network is
 * quiet, so a screen's chunk loaded after the session check is included.
 */

type JsCoverage = Awaited<ReturnType<Page['coverage']['stopJSCoverage']>>[number];

interface ScriptLoad {
  url: string;
  /** Bytes on the wire (the response body as sent, compressed). */
  transferred: number;
  /** Bytes once decompressed: what V8 parses. */
  size: number;
}

/**
 * Bytes of a script no executed block covers. V8's ranges nest (a function, then its blocks, each with its own
 * count), so painting them outermost first leaves each byte with its innermost range's count.
 */
function unusedBytes(entry: JsCoverage): number {
  const counts = new Uint32Array(entry.source?.length ?? 0);
  const ranges = entry.functions
    .flatMap((fn) => fn.ranges)
    .sort((a, b) => b.endOffset - b.startOffset - (a.endOffset - a.startOffset));
  for (const range of ranges) counts.fill(range.count, range.startOffset, range.endOffset);
  return counts.reduce((unused, count) => unused + (count === 0 ? 1 : 0), 0);
}

async function measureLogin(page: Page): Promise<{ scripts: ScriptLoad[]; unused: Map<string, number> }> {
  const pending: Promise<ScriptLoad>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      Promise.all([response.request().sizes(), response.body()]).then(([sizes, body]) => ({
        url: response.url(),
        transferred: sizes.responseBodySize,
        size: body.length,
      })),
    );
  });
  await page.coverage.startJSCoverage();
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByLabel('Username').waitFor();
  const coverage = await page.coverage.stopJSCoverage();
  const scripts = await Promise.all(pending);
  return { scripts, unused: new Map(coverage.map((entry) => [entry.url, unusedBytes(entry)])) };
}

const kib = (bytes: number) => fmt(bytes / 1024).padStart(7);

ensureWebBuild();
const app = await startConsole();
const browser = await launchBrowser();
try {
  const page = await openPage(browser, app.baseUrl);
  const { scripts, unused } = await measureLogin(page);
  const rows = scripts
    .map((script) => ({ ...script, unused: unused.get(script.url) ?? 0 }))
    .sort((a, b) => b.size - a.size);
  const total = (key: 'transferred' | 'size' | 'unused') => rows.reduce((sum, row) => sum + row[key], 0);

  console.log('login page: JavaScript loaded to draw /login, KiB (wire = as sent, compressed)');
  console.log(`  ${'script'.padEnd(44)} ${'wire'.padStart(7)} ${'size'.padStart(7)} ${'unused'.padStart(7)}`);
  for (const row of rows) {
    const name = new URL(row.url).pathname.replace('/assets/', '');
    console.log(`  ${name.padEnd(44)} ${kib(row.transferred)} ${kib(row.size)} ${kib(row.unused)}`);
  }
  console.log(
    `  ${`total (${rows.length} scripts)`.padEnd(44)} ${kib(total('transferred'))} ${kib(total('size'))} ${kib(total('unused'))}`,
  );
} finally {
  await browser.close();
  await app.stop();
}
