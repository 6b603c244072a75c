import { AUTH_MESSAGES } from '@hivqe/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, mailTo, openPage, uniqueEmail } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startConsole, type Console } from '../support/console.ts';
import { firstAdminSignIn, PASSWORD, signedInUser, signIn, signUp } from '../support/flows.ts';

let browser: Browser;
let app: Console;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * The newest password reset code mailed to `email`. The server mails it after answering (so the answer's timing
 * says nothing about the address), hence the wait for it to land in the outbox.
 */
async function resetCodeFromMailbox(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const code = (await mailTo(browser, app.baseUrl, email)).match(
      /Your password reset code is (\d{6})/,
    )?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no password reset code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Logs out and waits for the login page the console navigates to, so that a following page.goto does not
 * race that navigation (it was aborted once in CI).
 */
async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByText('Sign in to your account').waitFor();
}

async function expectSignInRefused(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.badCredentials }).waitFor();
}

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

    await logOut(page);
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

  it('resets a forgotten password from the login screen with the mailed code, then signs in with it', async () => {
    const page = await openPage(browser, app.baseUrl);
    const email = uniqueEmail('forgot');
    const newPassword = 'recovered-pass-2';
    await signUp(page, browser, app.baseUrl, email);

    await page.goto('/login');
    await page.getByLabel('Username').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    expect(await dialog.getByLabel('Email Address').inputValue()).toBe(email);
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await dialog.getByText(AUTH_MESSAGES.forgotPasswordSent).waitFor();

    await dialog.getByLabel('Confirmation Code').fill(await resetCodeFromMailbox(email));
    await dialog.getByLabel('New Password').fill(newPassword);
    await dialog.getByLabel('Confirm Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Reset Password' }).click();

    await page.getByText(AUTH_MESSAGES.passwordReset).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Username').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Welcome, ${email}`).waitFor();

    await logOut(page);
    await expectSignInRefused(page, email, PASSWORD);
    await page.context().close();
  });

  it("shows the server's refusal of a wrong reset code and of a common password in the dialog", async () => {
    const page = await openPage(browser, app.baseUrl);
    const email = uniqueEmail('forgot-wrong');
    await signUp(page, browser, app.baseUrl, email);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    const code = await resetCodeFromMailbox(email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    await dialog.getByLabel('Confirmation Code').fill(wrongCode);
    await dialog.getByLabel('New Password').fill('recovered-pass-3');
    await dialog.getByLabel('Confirm Password').fill('recovered-pass-3');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await dialog.getByRole('alert').filter({ hasText: AUTH_MESSAGES.codeInvalid }).waitFor();

    await dialog.getByLabel('Confirmation Code').fill(code);
    await dialog.getByLabel('New Password').fill('password123');
    await dialog.getByLabel('Confirm Password').fill('password123');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await dialog.getByRole('alert').filter({ hasText: AUTH_MESSAGES.passwordCommon }).waitFor();

    await signIn(page, email);
    await page.getByText(`Welcome, ${email}`).waitFor();
    await page.context().close();
  });

  it('changes the password in Account Settings, signs the other browser out, and signs in with the new one', async () => {
    const email = uniqueEmail('change');
    const newPassword = 'changed-pass-4';
    const page = await signedInUser(browser, app.baseUrl, email);
    const other = await openPage(browser, app.baseUrl);
    await signIn(other, email);
    await other.getByText(`Welcome, ${email}`).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Account', exact: true }).click();
    const section = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Password', exact: true, level: 2 }) });
    await section.getByLabel('Current Password').fill('not-my-password');
    await section.getByLabel('New Password').fill(newPassword);
    await section.getByLabel('Confirm Password').fill(newPassword);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await section.getByRole('alert').filter({ hasText: AUTH_MESSAGES.currentPasswordWrong }).waitFor();

    await section.getByLabel('Current Password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await section.getByText(AUTH_MESSAGES.passwordChanged).waitFor();

    await other.reload();
    await other.getByText('Sign in to your account').waitFor();
    await page.reload();
    await page.getByText(`Welcome, ${email}`).waitFor();

    await logOut(page);
    await expectSignInRefused(page, email, PASSWORD);
    await signIn(page, email, newPassword);
    await page.getByText(`Welcome, ${email}`).waitFor();
    await page.context().close();
    await other.context().close();
  });
});
