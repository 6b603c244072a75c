import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startConsole, type Console } from '../support/console.ts';
import { firstAdminSignIn } from '../support/flows.ts';
import { NARROW, sidewaysOverflow } from '../support/screens.ts';

/**
 * Issue 12 §5: at 360 px wide the sidebar becomes a menu. That no screen scrolls sideways, at this width and at
 * 1280, is screen-walk.e2e.ts's check of every screen.
 */

let browser: Browser;
let app: Console;
let page: Page;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole()]);
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: NARROW });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('at 360 px wide', () => {
  it('the login page fits', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('the sidebar is a Menu button whose menu opens the sections', async () => {
    await firstAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, 'admin-new-pass-1');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('menu', { name: 'Menu' });
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Dashboard',
      'Account',
      'Organizations',
      'User Management',
      'Invitations',
      'IQM',
      'Audit Logs',
    ]);
    await menu.getByRole('menuitem', { name: 'Organizations' }).click();
    await menu.waitFor({ state: 'detached' });
    await page.waitForURL('**/?section=organizations');
    await page.getByRole('heading', { name: 'System Organization Management', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Menu' }).press('Enter');
    // Radix moves the keyboard into the menu once it has opened: the arrow keys act from then on.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Dashboard');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Account');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('section') === 'account');
  });
});
