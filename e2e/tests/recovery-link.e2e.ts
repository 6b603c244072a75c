import { AUTH_MESSAGES, RESET_PASSWORD_PATH } from '@hivqe/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, mailTo, openPage, uniqueEmail } from '../support/browser.ts';
import { startConsole, type Console } from '../support/console.ts';
import { PASSWORD, signIn, signUp } from '../support/flows.ts';

let browser: Browser;
let app: Console;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole({ LOG_LEVEL: 'info' })]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The mailbox shows the raw message, whose long lines are quoted-printable; a mail client shows them decoded. */
const quotedPrintableDecoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The link in the newest reset mail to `email`, as path and query on this console (the mail leaves after the answer). */
async function resetLinkFromMailbox(email: string): Promise<{ path: string; token: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = quotedPrintableDecoded(await mailTo(browser, app.baseUrl, email));
    const link = mail.match(/(https?:\/\/\S+\/reset-password\?\S+)/)?.[1];
    if (link) {
      const url = new URL(link);
      return { path: `${url.pathname}${url.search}`, token: url.searchParams.get('token') ?? '' };
    }
    if (Date.now() > deadline) throw new Error(`no password reset link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('password reset by the mailed link (issue 24, 3)', () => {
  it('sets a new password from the link, takes the token out of the address bar, and works once', async () => {
    const page = await openPage(browser, app.baseUrl);
    const email = uniqueEmail('link');
    const newPassword = 'recovered-by-link-3';
    await signUp(page, browser, app.baseUrl, email);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await dialog.getByText(AUTH_MESSAGES.forgotPasswordSent).waitFor();

    const link = await resetLinkFromMailbox(email);
    await page.goto(link.path);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.waitForURL((url) => url.pathname === RESET_PASSWORD_PATH && url.search === '');
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Set Password' }).click();

    await page.getByText(AUTH_MESSAGES.passwordReset).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await signIn(page, email, newPassword);
    await page.getByText(`Welcome, ${email}`).waitFor();
    await page.context().close();

    // The same link again, in a fresh browser: refused, and the old password stays refused.
    const again = await openPage(browser, app.baseUrl);
    await again.goto(link.path);
    await again.getByLabel('New Password').fill('another-pass-4');
    await again.getByLabel('Confirm Password').fill('another-pass-4');
    await again.getByRole('button', { name: 'Set Password' }).click();
    await again.getByRole('alert').filter({ hasText: AUTH_MESSAGES.resetLinkInvalid }).waitFor();
    await signIn(again, email, PASSWORD);
    await again.getByRole('alert').filter({ hasText: AUTH_MESSAGES.badCredentials }).waitFor();
    await again.context().close();

    expect(app.log()).toContain(RESET_PASSWORD_PATH);
    expect(app.log()).not.toContain(link.token);
  });
});
