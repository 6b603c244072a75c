import { RESET_PASSWORD_PATH } from '@hivqe/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { ADMIN_PASSWORD, INTERNAL_DOMAIN, startConsole, type Console } from '../support/console.ts';
import { createOrganization, signIn } from '../support/flows.ts';
import { shownTitle } from '../support/fonts.ts';
import {
  checkScreenAtBothSizes,
  DESKTOP,
  expectInsideSideways,
  expectInViewport,
  NARROW,
  settled,
  sidewaysOverflow,
} from '../support/screens.ts';

/**
 * Issue 30: every screen of the console, its dialogs and the create wizard's steps, at 1280×800 and 360×740 —
 * no page wider than the screen, no axe violation of any impact — each photographed into SCREENS_DIR. The
 * administrator is one of the operating company's own, so the jobs it creates run on the engine (direct execution).
 */
const ADMIN_EMAIL = `admin@${INTERNAL_DOMAIN}`;
const ADMIN_NEW_PASSWORD = 'admin-new-pass-1';
const JOB_TIMEOUT = 120_000;
const WIZARD_STEPS = ['Basic Info', 'Molecule', 'Advanced', 'Resources', 'Review'] as const;

let browser: Browser;
let app: Console;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole({ ADMIN_EMAIL })]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function newPage(): Promise<Page> {
  const page = await openPage(browser, app.baseUrl);
  await page.setViewportSize(DESKTOP);
  return page;
}

async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading }).first().waitFor();
}

const jobsTable = (page: Page) =>
  page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Job Name' }) });

/** Walks the create wizard with H2 in STO-3G at `bonds` (two or more make a scan), checking each step. */
async function createH2(page: Page, bonds: readonly string[], checkSteps: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Create HI-VQE Job' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create HI-VQE Job' });
  for (const [index, step] of WIZARD_STEPS.entries()) {
    await wizard.getByRole('heading', { name: step, exact: true }).waitFor();
    if (step === 'Molecule') await enterH2(wizard, bonds);
    if (checkSteps) {
      await checkScreenAtBothSizes(page, `create-job-${index + 1}-${slug(step)}`);
      await page.setViewportSize(NARROW);
      // At 360 px no step's label runs out of its place into the next one's.
      const spilled = await wizard
        .getByRole('list', { name: 'Progress' })
        .evaluate(
          (list) => Array.from(list.children).filter((item) => item.scrollWidth > item.clientWidth).length,
        );
      expect(spilled).toBe(0);
      await page.setViewportSize(DESKTOP);
    }
    if (step !== 'Review') await wizard.getByRole('button', { name: 'Next' }).click();
  }
  await wizard.getByRole('button', { name: 'Create Job' }).click();
  await page.getByText('Job created successfully!').waitFor();
}

async function enterH2(wizard: Locator, bonds: readonly string[]): Promise<void> {
  await wizard.getByLabel('Active Orbitals').fill('0,1');
  await wizard.getByLabel('Frozen Orbitals').fill('');
  await wizard.getByLabel('Basis').selectOption('sto-3g');
  for (const [index, bond] of bonds.entries()) {
    if (index > 0) await wizard.getByRole('button', { name: 'Add Molecule' }).click();
    const molecule = wizard.getByRole('group', { name: `Molecule ${index + 1}` });
    const key = molecule.getByLabel('Bond Length (Å)');
    await key.fill(bond);
    await key.press('Enter');
    await molecule.getByLabel('Geometry').fill(`H 0 0 0;H 0 0 ${bond}`);
  }
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

async function openRowAction(page: Page, action: string): Promise<void> {
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('signed out', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage();
  });
  afterAll(() => page.context().close());

  it('sign-in, its Sign Up and Forgot Password dialogs', async () => {
    await visit(page, '/login', 'Sign in to your account');
    await checkScreenAtBothSizes(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
    await checkScreenAtBothSizes(page, 'sign-up');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog').waitFor();
    await checkScreenAtBothSizes(page, 'forgot-password');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it.each([
    ['/invite/accept?token=not-a-real-invitation', 'invitation-link'],
    [`${RESET_PASSWORD_PATH}?token=not-a-real-token`, 'reset-password-link'],
    ['/no/such/page', 'not-found'],
  ])('%s', async (path, name) => {
    await page.goto(path);
    await settled(page);
    await checkScreenAtBothSizes(page, name);
  });
});

describe('signed in as the administrator', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage();
  });
  afterAll(() => page.context().close());

  it('the first sign-in asks for a new password; the empty jobs list', async () => {
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByText('This is your first login. Please set a new password.').waitFor();
    await checkScreenAtBothSizes(page, 'new-password');
    await page.getByLabel('New Password').fill(ADMIN_NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(ADMIN_NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByRole('heading', { name: 'HI-VQE Hybrid Jobs' }).waitFor();
    await checkScreenAtBothSizes(page, 'jobs-empty');
  });

  it(
    'every step of the create wizard; the jobs list, its actions menu, the monitor, the details and Clone’s form',
    async () => {
      await createH2(page, ['0.74'], true);
      await jobsTable(page).getByText('COMPLETED', { exact: true }).waitFor({ timeout: JOB_TIMEOUT });
      await checkScreenAtBothSizes(page, 'jobs');
      await page.setViewportSize(NARROW);
      const card = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'HI-VQE Hybrid Jobs' }) });
      await expectInsideSideways(card.getByRole('navigation', { name: 'Pagination' }), card);
      await expectInsideSideways(card.getByRole('region', { name: 'Jobs' }), card);
      await page.setViewportSize(DESKTOP);

      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menu').waitFor();
      await checkScreenAtBothSizes(page, 'jobs-actions-menu');
      await page.keyboard.press('Escape');

      await openRowAction(page, 'Monitor Job');
      const monitor = page.getByRole('dialog', { name: /^Job Monitor - / });
      await monitor.getByText('COMPLETED', { exact: true }).waitFor({ timeout: JOB_TIMEOUT });
      // The monitor opens at its top: its title has the keyboard, not a control half way down.
      expect(
        await monitor
          .getByRole('heading', { name: /^Job Monitor - / })
          .evaluate((title) => title === document.activeElement),
      ).toBe(true);
      await checkScreenAtBothSizes(page, 'job-monitor');
      await page.keyboard.press('Escape');
      await monitor.waitFor({ state: 'detached' });

      await openRowAction(page, 'View Details');
      await page.getByRole('dialog', { name: 'Job Details' }).waitFor();
      await checkScreenAtBothSizes(page, 'job-details');
      await page.keyboard.press('Escape');

      await openRowAction(page, 'Clone Job');
      await page.getByRole('dialog', { name: 'Create HI-VQE Job' }).waitFor();
      await checkScreenAtBothSizes(page, 'clone-job-form');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    },
    3 * JOB_TIMEOUT,
  );

  it(
    'a bond scan’s view and its jobs in the list',
    async () => {
      await createH2(page, ['0.7', '0.9'], false);
      const view = page.getByRole('dialog', { name: /^Scan - / });
      await view.getByText('2 of 2 bond lengths finished').waitFor({ timeout: 2 * JOB_TIMEOUT });
      await checkScreenAtBothSizes(page, 'scan-view');
      await page.keyboard.press('Escape');
      await view.waitFor({ state: 'detached' });
      await checkScreenAtBothSizes(page, 'jobs-with-scan');
    },
    3 * JOB_TIMEOUT,
  );

  it('at 1280×800 every column of the jobs table is in view, and stays so with a row’s menu open', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await settled(page);
    const table = jobsTable(page);
    for (const header of await table.getByRole('columnheader').all()) await expectInViewport(page, header);
    // Nothing of the table is hidden in a sideways scroll.
    expect(
      await table.evaluate((element) => {
        const scroller = element.parentElement;
        return scroller ? scroller.scrollWidth - scroller.clientWidth : Infinity;
      }),
    ).toBeLessThanOrEqual(0);
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .first();
    await row.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menu').waitFor();
    for (const cell of (await row.getByRole('cell').all()).slice(0, 2)) await expectInViewport(page, cell);
    await page.keyboard.press('Escape');
  });

  it('at 360 px the pager of a list of hundreds of pages wraps inside its card, both gaps shown', async () => {
    // The list as the server answers it, but counting 4,321 jobs: the pager then has every part it can have.
    await page.route(/\/hi-vqe\/hybrid-jobs\?/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), total_count: 4321 } });
    });
    try {
      await page.setViewportSize(NARROW);
      await page.goto('/');
      const card = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'HI-VQE Hybrid Jobs' }) });
      const pager = card.getByRole('navigation', { name: 'Pagination' });
      // Page 7 of 433 shows the most: first, previous, 1, a gap, 5 to 9, a gap, 433, next and last.
      for (const next of [3, 5, 7]) {
        await pager.getByRole('button', { name: `Page ${next}`, exact: true }).click();
        await pager.getByText(`(Page ${next} of 433)`).waitFor();
      }
      expect(await pager.getByText('...').count()).toBe(2);
      await expectInsideSideways(pager, card);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    } finally {
      await page.unroute(/\/hi-vqe\/hybrid-jobs\?/);
      await page.setViewportSize(DESKTOP);
    }
  });

  it.each([
    ['/?section=account', 'Account Settings', 'account-settings'],
    ['/?section=organizations', 'System Organization Management', 'organizations'],
    ['/?section=invitations', 'Invitation Management', 'invitations'],
    ['/admin', 'Admin Panel', 'admin-users'],
    ['/?section=iqm', 'IQM Resonance', 'iqm'],
    ['/logs', 'Audit Logs', 'audit-logs'],
    ['/marketplace', /Marketplace Onboarding/, 'marketplace'],
    ['/about', /About/, 'about'],
  ])('%s', async (path, heading, name) => {
    await visit(page, path, heading);
    await checkScreenAtBothSizes(page, name);
  });

  it('the IQM wizard names its steps in Korean where a font draws Korean, in English where none does', async () => {
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const saved = await page.request.put('/api/v1/account/settings/iqm', {
      headers: { Authorization: `Bearer ${token}` },
      data: { iqm_api_key: 'a'.repeat(64) },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await visit(page, '/?section=iqm', 'IQM Resonance');
    await page.getByRole('button', { name: 'Create Job' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create IQM Job' });
    await wizard.getByRole('heading', { name: shownTitle('기본 설정', 'Basic Settings') }).waitFor();
    await checkScreenAtBothSizes(page, 'iqm-create-job-1');
    await page.keyboard.press('Escape');
    await wizard.waitFor({ state: 'detached' });
  });

  it('the API token dialog, the priorities tab and the create-organization dialog', async () => {
    await visit(page, '/?section=account&tab=api-tokens', 'API Tokens');
    await checkScreenAtBothSizes(page, 'api-tokens');
    await page.getByRole('button', { name: 'Create Token' }).click();
    await page.getByRole('dialog').waitFor();
    await checkScreenAtBothSizes(page, 'api-token-create');
    await page.keyboard.press('Escape');

    await visit(page, '/?section=organizations', 'System Organization Management');
    await page.getByRole('tab', { name: 'Job Permission Priorities' }).click();
    await checkScreenAtBothSizes(page, 'priorities');
    await page.getByRole('tab', { name: 'Organization Management' }).click();
    await page.getByRole('button', { name: 'Create Organization' }).click();
    await page.getByRole('dialog').waitFor();
    await checkScreenAtBothSizes(page, 'organization-create');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await createOrganization(page, 'Walk Lab');
    await page.getByRole('button', { name: /^Walk Lab/ }).click();
    await page.getByRole('list', { name: 'Members' }).waitFor();
    await checkScreenAtBothSizes(page, 'organization-details');
    await page.getByRole('button', { name: 'Invite Member' }).click();
    await page.getByRole('dialog', { name: 'Invite Member to Walk Lab' }).waitFor();
    await checkScreenAtBothSizes(page, 'member-invite');
    await page.keyboard.press('Escape');
  });

  it('an account’s API tokens as the administrator sees them', async () => {
    await visit(page, '/admin', 'Admin Panel');
    await page
      .getByRole('listitem', { name: ADMIN_EMAIL })
      .getByRole('button', { name: 'API Tokens' })
      .click();
    await page.getByRole('dialog').waitFor();
    await checkScreenAtBothSizes(page, 'admin-user-api-tokens');
    await page.keyboard.press('Escape');
  });
});
