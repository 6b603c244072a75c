import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startConsole, type Console } from '../support/console.ts';
import { firstAdminSignIn, signIn, signUp } from '../support/flows.ts';

let browser: Browser;
let app: Console;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('accounts in the browser', () => {
  it('signs up, confirms with the mailed code, signs in, and logs out', async () => {
    const page = await openPage(browser, app.baseUrl);
    const email = uniqueEmail('signup');
    await signUp(page, browser, app.baseUrl, email);

    await signIn(page, email);
    await page.getByText(`Welcome, ${email}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const menu = page.getByRole('navigation');
    expect(await menu.getByRole('link', { name: 'Organizations' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'User Management' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Sign in to your account').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.context().close();
  });

  it("walks the bootstrap admin's first login through Set New Password to the admin menu", async () => {
    const page = await openPage(browser, app.baseUrl);
    await firstAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, 'admin-new-pass-1');
    for (const item of ['Dashboard', 'Account', 'Organizations', 'User Management', 'Invitations', 'IQM']) {
      await page.getByRole('navigation').getByRole('link', { name: item, exact: true }).waitFor();
    }
    await page.context().close();
  });
});
