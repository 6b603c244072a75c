import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startConsole, type Console } from '../support/console.ts';
import { firstAdminSignIn, signIn } from '../support/flows.ts';
import { recordCspViolations } from '../support/csp.ts';

let browser: Browser;
let app: Console;
const ADMIN_NEW_PASSWORD = 'admin-new-pass-1';

beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole()]);
  const page = await openPage(browser, app.baseUrl);
  await firstAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NEW_PASSWORD);
  await page.context().close();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

interface RefreshAnswer {
  status: number;
  refreshToken: string | null;
}

/** The answers to the refresh calls the tabs of `context` make from `clear()` on. */
function recordRefreshes(context: BrowserContext) {
  const answers: Promise<RefreshAnswer>[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/api/v1/auth/refresh') return;
    // A body the page no longer holds (it navigated away) counts as an answer without a token.
    const body = response.json().catch(() => ({})) as Promise<{ refresh_token?: string }>;
    answers.push(
      body.then((json) => ({ status: response.status(), refreshToken: json.refresh_token ?? null })),
    );
  });
  return { settled: () => Promise.all(answers), clear: () => void answers.splice(0) };
}

/**
 * One rotation for both tabs: every refresh succeeded with the same new token, the one both tabs now hold.
 * Web Locks let one tab refresh while the other waits and then finds the new tokens; should the waiting tab get
 * the lock before the new tokens reach its copy of local storage (Chromium passes local storage between tab
 * processes asynchronously), its refresh with the old token falls in the server's reuse grace and gets the same.
 */
async function expectOneRotation(tabs: readonly Page[], answers: RefreshAnswer[], before: string | null) {
  const held = await stored(tabs[0], 'refresh_token');
  expect(held).not.toBe(before);
  await expect.poll(() => stored(tabs[1], 'refresh_token')).toBe(held);
  expect(answers.length).toBeGreaterThan(0);
  expect(answers).toEqual(answers.map(() => ({ status: 200, refreshToken: held })));
}

const welcome = (page: Page) => page.getByText(`Welcome, ${ADMIN_EMAIL}`);

/** One browser, one person, two tabs of the console sharing the stored session. */
async function twoSignedInTabs() {
  const context = await browser.newContext({ baseURL: app.baseUrl });
  const violations = await recordCspViolations(context);
  const refreshes = recordRefreshes(context);
  const first = await context.newPage();
  await signIn(first, ADMIN_EMAIL, ADMIN_NEW_PASSWORD);
  await welcome(first).waitFor();
  const second = await context.newPage();
  await second.goto('/');
  await welcome(second).waitFor();
  return { context, tabs: [first, second] as const, violations, refreshes };
}

/**
 * Lets the test change the stored session unseen: the second tab leaves the console, so no storage event tells
 * it of the change (it would act on it at once, before the tabs load together).
 */
async function behindTheirBacks(tabs: readonly Page[], change: () => void): Promise<void> {
  await tabs[1].goto('about:blank');
  await tabs[0].evaluate(change);
}

/** Both tabs load the console at once and each signs in from the stored session, or lands on the sign-in screen. */
async function reloadTogether(tabs: readonly Page[]): Promise<void> {
  await Promise.all(tabs.map((tab) => tab.goto('/')));
  await Promise.all(tabs.map((tab) => welcome(tab).waitFor({ timeout: 15_000 })));
}

/** No tab holds or waits for a lock: every refresh the tabs started has finished. */
async function locksIdle(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const { held = [], pending = [] } = await navigator.locks.query();
    return held.length === 0 && pending.length === 0;
  });
}

/** The session the tabs share is still alive on the server. */
async function sessionAlive(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/auth/me', {
      headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
    });
    return response.status;
  });
}

describe('two tabs of one browser', () => {
  it('rotate the session once when their timers fire together, and both stay signed in', async () => {
    const { context, tabs, violations, refreshes } = await twoSignedInTabs();
    const before = await stored(tabs[0], 'refresh_token');
    // The access token is due for its proactive refresh (60 s before expiry) as soon as each tab loads.
    await behindTheirBacks(tabs, () => localStorage.setItem('token_expires_at', String(Date.now() + 60_000)));
    refreshes.clear();

    await reloadTogether(tabs);
    await tabs[0].waitForFunction((old) => localStorage.getItem('refresh_token') !== old, before);
    await locksIdle(tabs[0]);

    await expectOneRotation(tabs, await refreshes.settled(), before);
    expect(await sessionAlive(tabs[1])).toBe(200);
    await reloadTogether(tabs);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('rotate the session once when both meet a refused access token at once; it is not revoked', async () => {
    const { context, tabs, violations, refreshes } = await twoSignedInTabs();
    const before = await stored(tabs[0], 'refresh_token');
    // An access token the server no longer accepts; the timers stay far off, so only the 401s refresh.
    await behindTheirBacks(tabs, () => {
      localStorage.setItem('auth_token', `${localStorage.getItem('auth_token')}x`);
      localStorage.setItem('token_expires_at', String(Date.now() + 3_600_000));
    });
    refreshes.clear();

    await reloadTogether(tabs);

    await expectOneRotation(tabs, await refreshes.settled(), before);
    expect(await sessionAlive(tabs[0])).toBe(200);
    await reloadTogether(tabs);
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('the console under its Content-Security-Policy', () => {
  it('loads and runs every screen of the menu with no violation, and the check does see one', async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl });
    const violations = await recordCspViolations(context);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByText('Sign in to your account').waitFor();
    await signIn(page, ADMIN_EMAIL, ADMIN_NEW_PASSWORD);
    await welcome(page).waitFor();
    const menu = page.getByRole('navigation');
    for (const item of [
      'Account',
      'Organizations',
      'User Management',
      'Invitations',
      'IQM',
      'Audit Logs',
      'Dashboard',
    ]) {
      await menu.getByRole('link', { name: item, exact: true }).click();
    }
    await page.goto('/about');
    await page.goto('/dev/mailbox');
    await page.getByRole('heading', { name: 'Dev mailbox' }).waitFor();
    expect(violations).toEqual([]);

    // The detector itself: an inline script, which the policy refuses, is reported.
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
    await context.close();
  });
});
