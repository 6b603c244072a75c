import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, uniqueEmail } from '../support/browser.ts';
import { ADMIN_PASSWORD, INTERNAL_DOMAIN, type Console } from '../support/console.ts';
import { startIqmConsole, type IqmConsole } from '../support/iqm-console.ts';
import { downloadBy } from '../support/downloads.ts';
import { firstAdminSignIn, signedInUser } from '../support/flows.ts';
import { DESKTOP, expectInViewport, saveScreen } from '../support/screens.ts';
import { shownTitle } from '../support/fonts.ts';
import type { FakeIqmServer } from '../../apps/server/test/fake-iqm-server.ts';

/**
 * The bootstrap administrator of this file's console is one of the operating company's own accounts, so the
 * jobs it creates on the IQM page are permitted by direct execution (an administrator outside the internal
 * domain has no permission source and the server refuses its jobs).
 */
const ADMIN_EMAIL = `admin@${INTERNAL_DOMAIN}`;
/** The administrator's IQM Resonance API key: 64 characters, as the settings require. */
const IQM_KEY = `${'k'.repeat(54)}0123456789`;

let browser: Browser;
let app: Console;
/** IQM Resonance on 127.0.0.1, running the circuits on the engine's exact simulator; it accepts IQM_KEY only. */
let iqm: FakeIqmServer;
let stand: IqmConsole | undefined;
beforeAll(async () => {
  stand = await startIqmConsole(ADMIN_EMAIL, IQM_KEY);
  ({ browser, app, iqm } = stand);
});
afterAll(async () => stand?.stop());

/** A job on the local engine: generous, the machine is small and shared. */
const JOB_TIMEOUT = 120_000;

const H2 = {
  geometry: 'H 0 0 0;H 0 0 0.74',
  bond: '0.74',
  /** Full CI of H2 at 0.74 Å in STO-3G. */
  exactEnergy: -1.137283834,
};
/** The H2 run's algorithm settings, none of them the form's default. */
const H2_RUN = { shots: '2000', maxIterations: '50', ansatz: 'uccsd', entanglement: 'linear' };
const N2 = {
  geometry: 'N 0 0 0;N 0 0 1.0',
  active: '2,3,4,5,6,7,8,9,10,11',
  frozen: '0,1',
};

/** At 1280×800 the monitor shows the H2 result card and the chart without scrolling. */
async function expectMonitorFits(page: Page, monitor: Locator): Promise<Locator> {
  const result = monitor.getByRole('region', { name: 'Result' });
  const chart = monitor.getByRole('region', { name: 'Energy Convergence' });
  await result
    .getByText(/^-1\.137\d+ Ha$/)
    .first()
    .waitFor({ timeout: 30_000 });
  await chart.locator('svg.recharts-surface').nth(1).waitFor({ timeout: 30_000 });
  await expectInViewport(page, result);
  await expectInViewport(page, chart);
  return chart;
}

/**
 * The monitor fits at 1280×800 (and is saved as the README's screenshots), and the chart exports as a PNG (drawn
 * from its SVG, which the CSP must let the console do) and as an SVG.
 */
async function checkMonitorScreen(page: Page, monitor: Locator): Promise<void> {
  const chart = await expectMonitorFits(page, monitor);
  await saveScreen(page, 'monitor');
  await saveScreen(chart, 'chart');

  const png = await downloadBy(chart.getByRole('button', { name: 'Export PNG' }), chart);
  expect(png.suggestedFilename()).toMatch(/-energy-convergence\.png$/);
  const image = await readFile((await png.path())!);
  expect([...image.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
  // The IHDR width, at twice the chart's width on screen.
  const chartWidth = (await chart.locator('svg.recharts-surface').first().boundingBox())?.width ?? 0;
  expect(image.readUInt32BE(16)).toBe(Math.round(chartWidth) * 2);

  const svg = await downloadBy(chart.getByRole('button', { name: 'Export SVG' }), chart);
  const markup = await readFile((await svg.path())!, 'utf8');
  expect(markup).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(markup).toContain('Chemical accuracy (1.6 mHa)');
}

function jobsTable(page: Page): Locator {
  return page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Job Name' }) });
}

/** The table's job rows (the header row left out), newest first. */
function jobRows(page: Page): Locator {
  return jobsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

async function jobNameOf(row: Locator): Promise<string> {
  return row.getByRole('cell').first().locator('span').first().innerText();
}

function jobRow(page: Page, jobName: string): Locator {
  return jobRows(page).filter({ hasText: jobName });
}

async function statusOf(row: Locator): Promise<string> {
  return (await row.getByRole('cell').nth(1).innerText()).trim();
}

/** Opens the row's action menu and chooses `action` ('Monitor Job', 'Cancel Job'...). */
async function chooseAction(page: Page, jobName: string, action: string): Promise<void> {
  await jobRow(page, jobName)
    .getByRole('button', { name: `Actions for ${jobName}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The actions the row's menu offers; the menu is closed again. */
async function actionsOf(page: Page, jobName: string): Promise<string[]> {
  await jobRow(page, jobName)
    .getByRole('button', { name: `Actions for ${jobName}` })
    .click();
  const items = page.getByRole('menuitem');
  await items.first().waitFor();
  const names = await items.allInnerTexts();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  return names;
}

/**
 * Waits, without pressing Refresh, for the cloud list to show the job in `status`: the panel asks again for
 * its page every 5 s while a job on it is active.
 */
async function untilStatus(page: Page, jobName: string, status: string): Promise<void> {
  await expect
    .poll(() => statusOf(jobRow(page, jobName)), { timeout: JOB_TIMEOUT, interval: 500 })
    .toBe(status);
}

/**
 * Presses the panel's Refresh until `read` gives `expected` (the IQM list does not poll by itself); waits for
 * the button to come back from 'Refreshing...' before reading again.
 */
async function refreshUntil(page: Page, read: () => Promise<string>, expected: string): Promise<void> {
  const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
  await expect
    .poll(
      async () => {
        if ((await read()) === expected) return expected;
        await refresh.click();
        await refresh.waitFor();
        return read();
      },
      { timeout: JOB_TIMEOUT, interval: 1_000 },
    )
    .toBe(expected);
}

/** The wizards' Next, after checking which step is showing (its title is the step's heading). */
async function nextStep(wizard: Locator, heading: string): Promise<void> {
  await wizard.getByRole('heading', { name: heading, exact: true }).waitFor();
  await wizard.getByRole('button', { name: 'Next' }).click();
}

/** The first molecule row becomes H2 at 0.74 Å with its exact energy. */
async function enterH2Molecule(dialog: Locator): Promise<void> {
  const molecule = dialog.getByRole('group', { name: 'Molecule 1' });
  const bond = molecule.getByLabel('Bond Length (Å)');
  await bond.fill(H2.bond);
  await bond.press('Enter');
  await molecule.getByLabel('Geometry').fill(H2.geometry);
  await molecule.getByLabel('Exact Energy (Ha)').fill(String(H2.exactEnergy));
  expect(await bond.inputValue()).toBe(H2.bond);
}

/** H2's orbital configuration: both orbitals active, none frozen, STO-3G as the wizards spell it. */
async function enterH2Orbitals(dialog: Locator): Promise<void> {
  await dialog.getByLabel('Active Orbitals').fill('0,1');
  await dialog.getByLabel('Frozen Orbitals').fill('');
  await dialog.getByLabel('Basis').selectOption('sto-3g');
}

describe('hybrid jobs in the browser', () => {
  it(
    'creates an H2 job in the wizard, monitors it to COMPLETED, clones it, and cancels a longer N2 job while RUNNING',
    async () => {
      const page = await signedInUser(browser, app.baseUrl, uniqueEmail('chemist', INTERNAL_DOMAIN));
      await page.getByRole('heading', { name: 'HI-VQE Hybrid Jobs' }).waitFor();
      await page.getByText('No hybrid jobs found').waitFor();

      // The 5-step wizard from the panel's header.
      await page.getByRole('button', { name: 'Create HI-VQE Job' }).click();
      const wizard = page.getByRole('dialog', { name: 'Create HI-VQE Job' });
      await wizard.getByText('Step 1 of 5').waitFor();
      // The internal domain is the user's source (direct execution), chosen for them.
      await wizard.getByRole('button', { name: 'Permission Source Internal (direct execution)' }).waitFor();
      const device = wizard.getByLabel('Quantum Device');
      expect(await device.locator('option:checked').innerText()).toBe('SV1 (state vector simulator)');
      expect(await wizard.getByLabel('Shots').inputValue()).toBe('1000');
      expect(await wizard.getByLabel('Max Iterations').inputValue()).toBe('100');
      // Values other than the defaults, so the clone below shows the job's own.
      await wizard.getByLabel('Shots').fill(H2_RUN.shots);
      await wizard.getByLabel('Max Iterations').fill(H2_RUN.maxIterations);
      await nextStep(wizard, 'Basic Info');

      await enterH2Orbitals(wizard);
      await wizard.getByLabel('Ansatz').selectOption(H2_RUN.ansatz);
      await wizard.getByLabel('Entanglement').selectOption(H2_RUN.entanglement);
      await enterH2Molecule(wizard);
      await nextStep(wizard, 'Molecule');
      await nextStep(wizard, 'Advanced');
      await nextStep(wizard, 'Resources');

      await wizard.getByRole('heading', { name: 'Review', exact: true }).waitFor();
      const summary = wizard.getByRole('region', { name: 'Molecules' });
      // Review says what the run compares with: here the user's exact energy (a substring: CASCI may be added).
      await summary
        .getByText(`${H2.bond} Å: ${H2.geometry} (reference: your exact energy ${H2.exactEnergy} Ha`)
        .waitFor();
      await wizard.getByRole('button', { name: 'Create Job' }).click();
      await page.getByText('Job created successfully!').waitFor();
      await wizard.waitFor({ state: 'detached' });

      await expect.poll(() => jobRows(page).count(), { timeout: 15_000 }).toBe(1);
      const h2Row = jobRows(page).first();
      const h2Name = await jobNameOf(h2Row);
      expect(h2Name).toMatch(/^hivqe-/);
      await h2Row.getByText('H2 (0.74 Å)').waitFor();
      // One line per job, not the ~200 px of stacked links and wrapped dates.
      expect((await h2Row.boundingBox())?.height).toBeLessThan(50);

      // The monitor follows the run until it ends.
      await page.setViewportSize(DESKTOP);
      await chooseAction(page, h2Name, 'Monitor Job');
      const monitor = page.getByRole('dialog', { name: `Job Monitor - ${h2Name}` });
      await monitor.getByText('COMPLETED', { exact: true }).waitFor({ timeout: JOB_TIMEOUT });
      await checkMonitorScreen(page, monitor);

      const logs = monitor.getByRole('button', { name: /^Logs/ });
      await logs.click();
      await expect
        .poll(async () => Number((await logs.innerText()).match(/\((\d+) events\)/)?.[1] ?? 0), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      await monitor
        .getByRole('list', { name: 'Log messages' })
        .getByText(/^Metrics - /)
        .first()
        .waitFor();

      // The chart's points are the run's metric lines: as many, and the last one the same energy.
      const metricLines = await monitor
        .getByRole('list', { name: 'Log messages' })
        .getByText(/^Metrics - /)
        .allInnerTexts();
      const loggedEnergy = Number(metricLines.at(-1)?.match(/energy=([^;]+);/)?.[1]);
      const pointRows = monitor.getByRole('table', { name: 'Energy data points' }).getByRole('row');
      await expect
        .poll(() => pointRows.filter({ has: page.getByRole('rowheader') }).count(), { timeout: 30_000 })
        .toBe(metricLines.length);
      const lastPoint = pointRows.last();
      expect(await lastPoint.getByRole('rowheader').innerText()).toBe(`Step ${metricLines.length}`);
      const lastEnergy = await lastPoint.getByRole('cell').first().innerText();
      expect(lastEnergy).toBe(loggedEnergy.toFixed(6));
      expect(Math.abs(Number(lastEnergy) - H2.exactEnergy)).toBeLessThanOrEqual(1.6e-3);
      await monitor.getByRole('button', { name: 'Close' }).click();
      await monitor.waitFor({ state: 'detached' });

      // Clone opens the single-page form with the job's values.
      await untilStatus(page, h2Name, 'COMPLETED');
      await chooseAction(page, h2Name, 'Clone Job');
      const form = page
        .getByRole('dialog', { name: 'Create HI-VQE Job' })
        .filter({ has: page.getByRole('group', { name: 'Resource and Device' }) });
      await form.waitFor();
      const molecule = form.getByRole('group', { name: 'Molecule 1' });
      expect(await molecule.getByLabel('Geometry').inputValue()).toBe(H2.geometry);
      expect(await molecule.getByLabel('Bond Length (Å)').inputValue()).toBe(H2.bond);
      expect(await form.getByLabel('Basis').inputValue()).toBe('sto-3g');
      expect(await form.getByLabel('Active Orbitals').inputValue()).toBe('0, 1');
      expect(await form.getByLabel('Frozen Orbitals').inputValue()).toBe('');
      expect(await form.getByLabel('Ansatz').inputValue()).toBe(H2_RUN.ansatz);
      expect(await form.getByLabel('Entanglement').inputValue()).toBe(H2_RUN.entanglement);
      expect(await form.getByLabel('Shots').inputValue()).toBe(H2_RUN.shots);
      expect(await form.getByLabel('Max Iterations').inputValue()).toBe(H2_RUN.maxIterations);
      expect(Number(await molecule.getByLabel('Exact Energy (Ha)').inputValue())).toBe(H2.exactEnergy);
      expect(await form.getByRole('group', { name: 'Molecule 2' }).count()).toBe(0);

      // The clone becomes a long N2 job that cannot converge early.
      await molecule.getByLabel('Geometry').fill(N2.geometry);
      await form.getByLabel('Ansatz').selectOption('epa');
      await form.getByLabel('Basis').selectOption('631g');
      await form.getByLabel('Active Orbitals').fill(N2.active);
      await form.getByLabel('Frozen Orbitals').fill(N2.frozen);
      await form.getByLabel('Max Iterations').fill('1000');
      await form.getByLabel('Convergence Absolute Tolerance').fill('0');
      await form.getByRole('button', { name: 'Create Job' }).click();
      await form.waitFor({ state: 'detached' });

      await expect.poll(() => jobRows(page).count(), { timeout: 15_000 }).toBe(2);
      const n2Row = jobRows(page).first();
      const n2Name = await jobNameOf(n2Row);
      expect(n2Name).not.toBe(h2Name);
      await n2Row.getByText('N2 (1.0 Å)').waitFor();

      await untilStatus(page, n2Name, 'RUNNING');
      await chooseAction(page, n2Name, 'Cancel Job');
      const confirm = page.getByRole('dialog', { name: 'Cancel Job' });
      await confirm.getByText(n2Name).waitFor();
      await confirm.getByRole('button', { name: 'Cancel Job' }).click();
      await confirm.waitFor({ state: 'detached' });
      await untilStatus(page, n2Name, 'CANCELLED');
      expect(await actionsOf(page, n2Name)).toEqual(['View Details', 'Monitor Job', 'Clone Job']);
      expect(await statusOf(jobRow(page, h2Name))).toBe('COMPLETED');

      // The search asks the server for the job name or molecule typed.
      await page.getByRole('searchbox', { name: 'Search' }).fill('h2');
      await expect.poll(() => jobRows(page).count()).toBe(1);
      expect(await jobNameOf(jobRows(page).first())).toBe(h2Name);
      await page.getByRole('searchbox', { name: 'Search' }).fill('no such job');
      await page.getByText('No jobs match the search and filters').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => jobRows(page).count()).toBe(2);
      await page.context().close();
    },
    4 * JOB_TIMEOUT,
  );
});

describe('IQM jobs in the browser', () => {
  it(
    'registers a 64-character IQM key, creates an H2 job in the IQM wizard that runs on IQM Resonance, and opens its details',
    async () => {
      const page = await openPage(browser, app.baseUrl);
      await firstAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, 'admin-new-pass-1');

      await page.goto('/?section=iqm');
      await page.getByRole('heading', { name: 'IQM Resonance' }).waitFor();
      await page
        .getByText('IQM API configuration not found. Please configure your IQM API key first.')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Create Job' }).isDisabled()).toBe(true);

      const key = IQM_KEY;
      await page.goto('/?section=account');
      const keySection = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'IQM API Key', exact: true }) });
      await keySection.getByLabel('IQM API Key').fill(key);
      await keySection.getByRole('button', { name: 'Register' }).click();
      await keySection.getByText('IQM API Key updated successfully!').waitFor();
      await keySection.getByText('***0123456789').waitFor();

      await page.goto('/?section=iqm');
      await page.getByText('No IQM jobs found').waitFor();
      await page.getByRole('button', { name: 'Create Job' }).click();
      const wizard = page.getByRole('dialog', { name: 'Create IQM Job' });
      await wizard.getByText('Step 1 of 5').waitFor();
      expect(await wizard.getByLabel('Quantum Device').inputValue()).toBe('garnet');
      await enterH2Orbitals(wizard);
      await nextStep(wizard, shownTitle('기본 설정', 'Basic Settings'));
      await enterH2Molecule(wizard);
      await nextStep(wizard, shownTitle('분자 및 정확한 에너지', 'Molecules and Exact Energies'));
      await nextStep(wizard, shownTitle('고급 매개변수', 'Advanced Parameters'));
      expect(await wizard.getByLabel('API Key').inputValue()).toBe('***0123456789');
      // The loop runs on this server and its results stay here: no bucket is named (issue 11 §4).
      expect(await wizard.getByLabel('S3 Bucket').inputValue()).toBe('None: results stay on this server');
      await nextStep(wizard, shownTitle('리소스 확인', 'Resource Confirmation'));
      await wizard
        .getByRole('heading', { name: shownTitle('검토 및 생성', 'Review and Create'), exact: true })
        .waitFor();
      await wizard.getByRole('button', { name: 'Create IQM Job' }).click();
      await page.getByText('IQM job created successfully!').waitFor();
      await wizard.waitFor({ state: 'detached' });

      const card = page.getByRole('button', { name: /^iqm-job-/ });
      await card.waitFor();
      // The card's status badge (the element that carries its colour).
      const cardStatus = () => card.locator('[data-colour]').innerText();
      await refreshUntil(page, cardStatus, 'COMPLETED');
      await card.getByText('Device: Garnet').waitFor();
      // Its shots came from Garnet on IQM Resonance, asked with the registered key: one IQM job per iteration.
      expect(iqm.jobs.length).toBeGreaterThan(0);
      expect(iqm.jobs.every((job) => job.computer === 'garnet' && job.status === 'completed')).toBe(true);
      expect(new Set(iqm.requests.map((request) => request.headers.authorization))).toEqual(
        new Set([`Bearer ${IQM_KEY}`]),
      );

      // The IQM panel has the cloud panel's monitor.
      await page.setViewportSize(DESKTOP);
      await page
        .getByRole('listitem')
        .filter({ has: card })
        .getByRole('button', { name: 'Monitor Job' })
        .click();
      const monitor = page.getByRole('dialog', { name: /^Job Monitor - iqm-job-/ });
      await monitor.getByText('COMPLETED', { exact: true }).waitFor();
      await monitor
        .getByRole('region', { name: 'Result' })
        .getByText(/^IQM Resonance, Garnet/)
        .waitFor();
      await expectMonitorFits(page, monitor);
      await monitor.getByRole('button', { name: 'Close' }).click();
      await monitor.waitFor({ state: 'detached' });

      await card.click();
      const details = page.getByRole('dialog', { name: 'IQM Job Details' });
      await details.getByText('COMPLETED', { exact: true }).waitFor();
      const hyperparameters = details
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Hyperparameters' }) });
      const json = await hyperparameters.locator('pre').innerText();
      const shown = JSON.parse(json) as Record<string, string>;
      expect(shown.basis).toBe('sto-3g');
      expect(shown.active_orbitals).toBe('[0,1]');
      expect(JSON.parse(shown.molecules!)).toEqual({ [H2.bond]: H2.geometry });
      await page.context().close();
    },
    3 * JOB_TIMEOUT,
  );
});
