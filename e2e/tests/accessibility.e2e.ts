import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { recordCspViolations } from '../support/csp.ts';
import { ADMIN_PASSWORD, INTERNAL_DOMAIN, startConsole, type Console } from '../support/console.ts';
import { signIn } from '../support/flows.ts';
import { settled } from '../support/screens.ts';

/**
 * Issue 12 §4, issue 30: axe-core on every screen and the main dialogs, no violation of any impact; and the
 * keyboard where it used to get lost (the Sign Up dialog, the login's first field, a bond length's Tab).
 * The administrator is one of the operating company's own, so the job it creates runs (direct execution).
 */
const ADMIN_EMAIL = `admin@${INTERNAL_DOMAIN}`;
const ADMIN_NEW_PASSWORD = 'admin-new-pass-1';
const JOB_TIMEOUT = 120_000;

let browser: Browser;
let app: Console;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole({ ADMIN_EMAIL })]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** What the Content-Security-Policy refused on each page's context: nothing, on any screen (issue 30). */
const refused = new WeakMap<Page, string[]>();

async function watchedPage(): Promise<Page> {
  const page = await openPage(browser, app.baseUrl);
  refused.set(page, await recordCspViolations(page.context()));
  return page;
}

async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(refused.get(page)).toEqual([]);
}

const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

describe('signed out', () => {
  let page: Page;
  beforeAll(async () => {
    page = await watchedPage();
  });
  afterAll(() => page.context().close());

  it('login: the first field has the keyboard', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await hasFocus(page.getByLabel('Username'))).toBe(true);
    await expectAccessible(page);
  });

  it('the Sign Up dialog keeps Tab inside, closes on Escape and gives focus back', async () => {
    const opener = page.getByRole('button', { name: 'Sign up' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.waitFor();
    await expectAccessible(page);

    const focusables = await dialog
      .locator('input, button, select, textarea, a[href], [tabindex]:not([tabindex="-1"])')
      .count();
    for (let i = 0; i <= focusables + 1; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives focus back in a timer after the dialog unmounts, so it may land a moment after.
    await expect.poll(() => hasFocus(opener)).toBe(true);
  });

  it('the forgot-password dialog', async () => {
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('an invitation link', async () => {
    await page.goto('/invite/accept?token=not-a-real-invitation');
    await expectAccessible(page);
  });

  it('an unknown path', async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectAccessible(page);
  });
});

describe('signed in as the administrator', () => {
  let page: Page;
  beforeAll(async () => {
    page = await watchedPage();
  });
  afterAll(() => page.context().close());

  it('the first sign-in asks for a new password', async () => {
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByText('This is your first login. Please set a new password.').waitFor();
    await expectAccessible(page);
    await page.getByLabel('New Password').fill(ADMIN_NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(ADMIN_NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText(`Welcome, ${ADMIN_EMAIL}`).waitFor();
  });

  it('the Dashboard and its jobs panel', async () => {
    await page.getByRole('heading', { name: 'HI-VQE Hybrid Jobs' }).waitFor();
    await expectAccessible(page);
  });

  it(
    'every step of the create wizard; Tab out of a renamed bond length goes to its geometry; the job monitor and details',
    async () => {
      await page.getByRole('button', { name: 'Create HI-VQE Job' }).click();
      const wizard = page.getByRole('dialog', { name: 'Create HI-VQE Job' });
      const step = async (heading: string) => {
        await wizard.getByRole('heading', { name: heading, exact: true }).waitFor();
        await expectAccessible(page);
      };
      const next = () => wizard.getByRole('button', { name: 'Next' }).click();

      await step('Basic Info');
      await next();
      await step('Molecule');
      await wizard.getByLabel('Active Orbitals').fill('0,1');
      await wizard.getByLabel('Frozen Orbitals').fill('');
      await wizard.getByLabel('Basis').selectOption('sto-3g');
      const molecule = wizard.getByRole('group', { name: 'Molecule 1' });
      const bond = molecule.getByLabel('Bond Length (Å)');
      const geometry = molecule.getByLabel('Geometry');
      await bond.fill('0.74');
      await page.keyboard.press('Tab');
      expect(await hasFocus(geometry)).toBe(true);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('H 0 0 0;H 0 0 0.74');
      expect(await bond.inputValue()).toBe('0.74');
      expect(await geometry.inputValue()).toBe('H 0 0 0;H 0 0 0.74');
      await next();
      await step('Advanced');
      await next();
      await step('Resources');
      await next();
      await step('Review');
      await wizard.getByText('0.74 Å: H 0 0 0;H 0 0 0.74').waitFor();
      await wizard.getByRole('button', { name: 'Create Job' }).click();
      await wizard.waitFor({ state: 'detached' });

      // The row's actions are in its menu, checked open as well.
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page);
      await page.getByRole('menuitem', { name: 'Monitor Job' }).click();
      const monitor = page.getByRole('dialog', { name: /^Job Monitor - / });
      await monitor.getByText('COMPLETED', { exact: true }).waitFor({ timeout: JOB_TIMEOUT });
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await monitor.waitFor({ state: 'detached' });

      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'View Details' }).click();
      await page.getByRole('dialog', { name: 'Job Details' }).waitFor();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
    },
    2 * JOB_TIMEOUT,
  );

  it.each([
    ['/?section=account', 'Account Settings'],
    ['/?section=organizations', 'System Organization Management'],
    ['/marketplace', /Marketplace Onboarding/],
    ['/admin', 'Admin Panel'],
    ['/?section=invitations', 'Invitation Management'],
    ['/?section=iqm', 'IQM Resonance'],
    ['/logs', 'Audit Logs'],
    ['/about', /About/],
  ])('%s', async (path, heading) => {
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    await expectAccessible(page);
  });

  it('the organizations page’s priorities tab and its create dialog', async () => {
    await page.goto('/?section=organizations');
    await page.getByRole('tab', { name: 'Job Permission Priorities' }).click();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Organization Management' }).click();
    await page.getByRole('button', { name: 'Create Organization' }).click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
  });
});
