import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe.ts';

/** The viewport the console is laid out for (issue 11: the monitor readable at 1280×800). */
export const DESKTOP = { width: 1280, height: 800 };
/** The narrowest screen the console supports (issue 12 §5, issue 30). */
export const NARROW = { width: 360, height: 740 };

/** Waits until the screen has drawn its data: no request in flight and no loading notice. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const loading = page.getByText(/^(Loading\b.*|Checking authentication status)\.\.\.$/);
  // Several parts of a screen may each be loading: wait until none is.
  await expect.poll(() => loading.count(), { timeout: 30_000 }).toBe(0);
}

/** How far the document reaches beyond the viewport's width (issue 30: never above 0), once the screen settled. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  await settled(page);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

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

const SIZES = [DESKTOP, NARROW] as const;

/**
 * Issue 30's check of what the page shows now (an open dialog or menu included) at 1280×800 and at 360×740: the
 * document no wider than the viewport, no axe violation of any impact, and, with SCREENS_DIR set, its screenshot
 * as `{name}-{width}.png`. Soft assertions, so one walk reports every screen that fails; it ends at 1280×800.
 */
export async function checkScreenAtBothSizes(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settled(page);
    const where = `${name} at ${size.width}×${size.height}`;
    expect
      .soft(await sidewaysOverflow(page), `${where}: px beyond the screen's width`)
      .toBeLessThanOrEqual(0);
    expect.soft(await axeViolations(page), `${where}: axe`).toEqual([]);
    await saveScreen(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** Fails unless `inner` lies wholly inside `outer` sideways (issue 30: nothing spills out of its card). */
export async function expectInsideSideways(inner: Locator, outer: Locator): Promise<void> {
  const [box, frame] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  expect(box).not.toBeNull();
  expect(frame).not.toBeNull();
  if (!box || !frame) return;
  expect(box.x).toBeGreaterThanOrEqual(frame.x);
  expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
}
