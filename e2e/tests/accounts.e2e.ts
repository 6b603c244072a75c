import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeFromMailbox, launchBrowser, openPage, uniqueEmail } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const PASSWORD = 'e2e-password-1';

describe('accounts in the browser', () => {
  it('signs up, confirms with the mailed code, signs in, and logs out', async () => {
    const page = await openPage(browser);
    const email = uniqueEmail('signup');
    await page.goto('/login');
    await page.getByText('Sign in to your account').waitFor();
    await page.getByRole('button', { name: 'Sign up' }).click();

    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp.getByLabel('Email Address').fill(email);
    await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signUp.getByLabel('Confirm Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();

    const confirm = page.getByRole('dialog', { name: /confirm/i });
    await confirm.getByText(email).waitFor();
    await confirm.getByLabel('Confirmation Code').fill(await codeFromMailbox(browser, email));
    await confirm.getByRole('button', { name: 'Confirm Email' }).click();
    await page.getByText('Email verification successful! You can now sign in to your account.').waitFor();
    await confirm.waitFor({ state: 'detached', timeout: 10_000 });

    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Welcome, ${email}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('navigation').getByRole('link', { name: 'User Management' }).count()).toBe(0);
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Organizations' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Sign in to your account').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.context().close();
  });

  it("walks the bootstrap admin's first login through Set New Password to the admin menu", async () => {
    const page = await openPage(browser);
    await page.goto('/login');
    await page.getByLabel('Username').fill(inject('adminEmail'));
    await page.getByLabel('Password', { exact: true }).fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByText('This is your first login. Please set a new password.').waitFor();
    await page.getByLabel('New Password').fill('admin-new-pass-1');
    await page.getByLabel('Confirm Password').fill('admin-new-pass-1');
    await page.getByRole('button', { name: 'Set Password' }).click();

    await page.getByText(`Welcome, ${inject('adminEmail')}`).waitFor();
    for (const item of ['Dashboard', 'Account', 'Organizations', 'User Management', 'Invitations', 'IQM']) {
      await page.getByRole('navigation').getByText(item, { exact: true }).waitFor();
    }
    await page.context().close();
  });
});
