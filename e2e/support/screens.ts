import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The viewport the console is laid out for (issue 11: the monitor readable at 1280×800). */
export const DESKTOP = { width: 1280, height: 800 };

/** Fails unless the whole element is inside the page's viewport, so it is read without scrolling. */
export async function expectInViewport(page: Page, element: Locator): Promise<void> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/**
 * With SCREENS_DIR set (e.g. `SCREENS_DIR=docs/screens`, relative to the repository), saves a screenshot of the
 * element as `{name}.png` there: the README's screenshots are taken by the run that checks the screens.
 */
export async function saveScreen(element: Locator | Page, name: string): Promise<void> {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  const target = path.resolve(import.meta.dirname, '../..', dir);
  await mkdir(target, { recursive: true });
  await element.screenshot({ path: path.join(target, `${name}.png`) });
}
