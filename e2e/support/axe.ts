import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/**
 * Runs axe-core on what the page shows now (an open dialog included) and answers its violations of every impact
 * (issue 30: minor and moderate as well as serious and critical), one line each: the rule, its impact, its help
 * text and the offending elements. The source is evaluated
 * over the DevTools protocol, which the console's script CSP does not govern, so no inline script is needed.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Colours mid-transition (a button just enabled fades in) are not what the screen shows; spinners never end.
  // An animation cancelled meanwhile (its element re-rendered or gone) rejects `finished`: it is over too.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join(', ')}`,
  );
}
