import { AUTH_MESSAGES } from '@hivqe/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startConsole, type Console } from '../support/console.ts';
import { firstAdminSignIn, PASSWORD, signIn, signUp } from '../support/flows.ts';

let browser: Browser;
let app: Console;
beforeAll(async () => {
  // Info level: the access log ("incoming request" with its URL) is what leaked the invitation token.
  [browser, app] = await Promise.all([launchBrowser(), startConsole({ LOG_LEVEL: 'info' })]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Every mail in the dev mailbox, as one text with quoted-printable soft breaks and escapes undone. */
async function allMail(): Promise<string> {
  const page = await openPage(browser, app.baseUrl);
  await page.goto('/dev/mailbox');
  const text = (await page.locator('article').allInnerTexts()).join('\n');
  await page.context().close();
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function waitForMail(pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await allMail()).match(pattern);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Whether `log` holds `secret` as a whole word: a 6-digit code may turn up inside a longer run of letters and
 * digits (a timestamp, a request id) by chance, and that is not the code.
 */
function holds(log: string, secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`).test(log);
}

/** The tokens a signed-in page holds. */
async function sessionTokens(page: Page): Promise<string[]> {
  const held = await page.evaluate(() => [
    localStorage.getItem('auth_token'),
    localStorage.getItem('refresh_token'),
  ]);
  return held.filter((token): token is string => !!token);
}

describe('the server log of a full browser flow (issue 24, 4)', () => {
  it('holds none of the codes, tokens and passwords the flow handled', async () => {
    const seen = new Set<string>([PASSWORD, ADMIN_PASSWORD]);

    // Sign-up confirmed with the mailed code.
    const page = await openPage(browser, app.baseUrl);
    const email = uniqueEmail('logged');
    await signUp(page, browser, app.baseUrl, email);
    await signIn(page, email);
    await page.getByText(`Welcome, ${email}`).waitFor();
    for (const token of await sessionTokens(page)) seen.add(token);
    await page.context().close();

    // An invitation, sent by the administrator and accepted from the mailed link.
    const admin = await openPage(browser, app.baseUrl);
    const adminPassword = 'admin-new-pass-9';
    seen.add(adminPassword);
    await firstAdminSignIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD, adminPassword);
    const adminTokens = await sessionTokens(admin);
    adminTokens.forEach((token) => seen.add(token));
    const invitee = uniqueEmail('invitee');
    const invited = await admin.evaluate(
      async ([to, token]) =>
        (
          await fetch('/api/v1/auth/invites/system', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ email: to, role: 'organization_member' }),
          })
        ).status,
      [invitee, adminTokens[0]] as const,
    );
    expect(invited).toBe(201);
    const link = (await waitForMail(/https?:\/\/\S+\/invite\/accept\?token=[\w-]+/))[0];
    seen.add(new URL(link).searchParams.get('token')!);
    const member = await openPage(browser, app.baseUrl);
    await member.goto(link);
    const memberPassword = 'invited-pass-7';
    seen.add(memberPassword);
    await member.getByLabel('Full Name').fill('Ines Invitee');
    await member.getByLabel('Password', { exact: true }).fill(memberPassword);
    await member.getByLabel('Confirm Password').fill(memberPassword);
    await member.getByRole('button', { name: 'Accept Invitation' }).click();
    await member.getByText(`Welcome, ${invitee}`).waitFor({ timeout: 15_000 });
    for (const token of await sessionTokens(member)) seen.add(token);
    await member.context().close();
    await admin.context().close();

    // A password reset with the mailed code.
    const reset = await openPage(browser, app.baseUrl);
    await reset.goto('/login');
    await reset.getByLabel('Username').fill(email);
    await reset.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = reset.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await dialog.getByText(AUTH_MESSAGES.forgotPasswordSent).waitFor();
    const resetCode = (await waitForMail(/Your password reset code is (\d{6})/))[1];
    const newPassword = 'recovered-pass-8';
    seen.add(newPassword);
    await dialog.getByLabel('Confirmation Code').fill(resetCode);
    await dialog.getByLabel('New Password').fill(newPassword);
    await dialog.getByLabel('Confirm Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByText(AUTH_MESSAGES.passwordReset).waitFor();
    await reset.context().close();

    // Every code any mail carried (confirmation and reset), and the invitation token.
    for (const [, code] of (await allMail()).matchAll(/code is (\d{6})/g)) seen.add(code);
    expect([...seen].filter((secret) => /^\d{6}$/.test(secret)).length).toBeGreaterThanOrEqual(2);

    const log = app.log();
    // The log did record the flow, the link's path included, with its query redacted.
    expect(log).toContain('/invite/accept?token=[redacted]');
    expect(log).toContain('/api/v1/auth/confirm-forgot-password');
    for (const secret of seen) {
      expect(holds(log, secret), `the log holds a secret the flow saw (${secret.slice(0, 3)}…)`).toBe(false);
      expect(holds(log, encodeURIComponent(secret))).toBe(false);
    }
  });
});
