import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { canonicalJson, JOB_PATHS, type ResultDocument } from '@hivqe/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, uniqueEmail } from '../support/browser.ts';
import { INTERNAL_DOMAIN, startConsole, type Console } from '../support/console.ts';
import { downloadBy } from '../support/downloads.ts';
import { signedInUser } from '../support/flows.ts';
import { DESKTOP, NARROW, saveScreen, sidewaysOverflow } from '../support/screens.ts';

let browser: Browser;
let app: Console;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Three LiH jobs on the local engine: generous, the machine is small and shared. */
const SCAN_TIMEOUT = 240_000;
const HIVQE_CLI = new URL('../../packages/engine/bin/hivqe.mjs', import.meta.url).pathname;

/** LiH in STO-3G, every orbital active, at three bond lengths around its equilibrium (1.6 Å). */
const BONDS = ['1.4', '1.6', '1.8'] as const;
/** As the scan builder writes each geometry from the first one's. */
const lih = (bond: string) => `Li 0 0 0; H 0 0 ${bond}`;
/** LiH at 1.6 Å in STO-3G, all 6 orbitals active (shared/engine.md, PySCF and Psi4 agree to 1e-9). */
const LIH_16 = { rhf: -7.86186477, casci: -7.882324379 };

interface CliResult {
  energy: number;
  e_rhf: number;
  e_casci: number | null;
  num_states: number;
  iterations: number;
}

/** The engine's own CLI on a job's hyperparameters, as a chemist would check a result by hand. */
async function runCli(hyperparameters: Record<string, string>): Promise<CliResult> {
  const dir = await mkdtemp(join(tmpdir(), 'hivqe-scan-'));
  const input = join(dir, 'job.json');
  await writeFile(input, JSON.stringify({ hyperparameters }));
  const { stdout } = await promisify(execFile)(process.execPath, [
    HIVQE_CLI,
    'run',
    '--input',
    input,
    '--json',
  ]);
  return JSON.parse(stdout) as CliResult;
}

async function bearer(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  return { Authorization: `Bearer ${token}` };
}

const fileText = async (download: { path: () => Promise<string> }) => readFile(await download.path(), 'utf8');

/** The scan builder: bond lengths from start, stop and step along the Li-H bond of the first molecule. */
async function buildScan(wizard: Locator): Promise<void> {
  const builder = wizard.getByRole('group', { name: 'Build a scan from the first molecule' });
  await builder
    .getByLabel('Bond', { exact: true })
    .selectOption({ label: `Li1–H2 (${Number(BONDS[0]).toFixed(3)} Å)` });
  await builder.getByLabel('Start (Å)').fill(BONDS[0]);
  await builder.getByLabel('Stop (Å)').fill(BONDS[2]);
  await builder.getByLabel('Step (Å)').fill('0.2');
  await builder.getByRole('button', { name: 'Build Scan' }).click();
  for (const [index, bond] of BONDS.entries()) {
    const molecule = wizard.getByRole('group', { name: `Molecule ${index + 1}` });
    await expect.poll(() => molecule.getByLabel('Bond Length (Å)').inputValue()).toBe(bond);
    expect(await molecule.getByLabel('Geometry').inputValue()).toBe(lih(bond));
  }
}

/**
 * The curve's files from the scan view: CSV and JSON equal to the API's downloads of the same scan, byte for
 * byte; SVG and PNG drawn from the chart.
 */
async function checkCurveExports(page: Page, view: Locator, scanId: string): Promise<void> {
  const group = view.getByRole('group', { name: 'Export curve' });
  const headers = await bearer(page);
  const api = async (format: string) =>
    (
      await page.request.get(`/api/v1${JOB_PATHS.hybridJobScan}?scan_id=${scanId}&format=${format}`, {
        headers,
      })
    ).text();
  const csv = await fileText(await downloadBy(group.getByRole('button', { name: 'Curve (CSV)' }), view));
  expect(csv).toBe(await api('csv'));
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(1 + BONDS.length);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(BONDS.map((bond) => String(Number(bond))));
  const json = await fileText(await downloadBy(group.getByRole('button', { name: 'Curve (JSON)' }), view));
  expect(json).toBe(await api('json'));
  const curve = JSON.parse(json) as { units: { energy: string }; points: { final_energy: number }[] };
  expect(curve.units.energy).toBe('Ha');
  expect(curve.points.every((point) => typeof point.final_energy === 'number')).toBe(true);

  const svg = await downloadBy(group.getByRole('button', { name: 'Export SVG' }), view);
  expect(svg.suggestedFilename()).toMatch(/-curve\.svg$/);
  const markup = await fileText(svg);
  expect(markup).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(markup).toContain('Potential Energy Curve');
  expect(markup.match(/<circle/g)?.length).toBeGreaterThanOrEqual(9);
  const png = await downloadBy(group.getByRole('button', { name: 'Export PNG' }), view);
  expect(png.suggestedFilename()).toMatch(/-curve\.png$/);
  const image = await readFile(await png.path());
  expect([...image.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
}

/**
 * At 360 px the scan view fits the screen, and its table scrolls within itself to its last column. On a page of
 * its own (same session), so that the desktop page is never resized under the rest of the test.
 */
async function checkNarrowScan(desktop: Page, baseUrl: string, scanName: string): Promise<void> {
  const page = await desktop.context().newPage();
  await page.setViewportSize(NARROW);
  await page.goto(baseUrl);
  await page
    .getByRole('button', { name: `View scan ${scanName}` })
    .first()
    .click();
  const view = page.getByRole('dialog', { name: `Scan - ${scanName}` });
  await view.getByText('3 of 3 bond lengths finished').waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const table = view.getByRole('region', { name: 'Jobs of the scan' });
  const box = await table.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(NARROW.width);
  const last = table.getByRole('columnheader', { name: 'Error' });
  await last.scrollIntoViewIfNeeded();
  const lastBox = await last.boundingBox();
  expect(lastBox!.x + lastBox!.width).toBeLessThanOrEqual(NARROW.width + 1);
  await saveScreen(page, 'scan-narrow');
  await page.close();
}

async function nextStep(wizard: Locator, heading: string): Promise<void> {
  await wizard.getByRole('heading', { name: heading, exact: true }).waitFor();
  await wizard.getByRole('button', { name: 'Next' }).click();
}

/** Molecule `index` (from 1) becomes LiH at `bond`. */
async function enterLiH(wizard: Locator, index: number, bond: string): Promise<void> {
  const molecule = wizard.getByRole('group', { name: `Molecule ${index}` });
  const key = molecule.getByLabel('Bond Length (Å)');
  await key.fill(bond);
  await key.press('Enter');
  await molecule.getByLabel('Geometry').fill(lih(bond));
  expect(await key.inputValue()).toBe(bond);
}

/** The text of a result card's value, by its label. */
const cardValue = (card: Locator, label: string) =>
  card
    .locator('div')
    .filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .innerText();

const hartree = (value: number) => `${value.toFixed(8)} Ha`;

function jobRows(page: Page): Locator {
  return page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Job Name' }) })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

describe('bond scans in the browser', () => {
  it(
    'runs an LiH scan of 3 bond lengths from the wizard: the curve fills in, the numbers match the engine’s CLI and the download',
    async () => {
      const page = await signedInUser(browser, app.baseUrl, uniqueEmail('scanner', INTERNAL_DOMAIN));
      await page.setViewportSize(DESKTOP);
      await page.getByRole('heading', { name: 'HI-VQE Hybrid Jobs' }).waitFor();

      await page.getByRole('button', { name: 'Create HI-VQE Job' }).click();
      const wizard = page.getByRole('dialog', { name: 'Create HI-VQE Job' });
      await nextStep(wizard, 'Basic Info');
      await wizard.getByLabel('Active Orbitals').fill('0,1,2,3,4,5');
      await wizard.getByLabel('Frozen Orbitals').fill('');
      await wizard.getByLabel('Basis').selectOption('sto-3g');
      await enterLiH(wizard, 1, BONDS[0]);
      await buildScan(wizard);
      await nextStep(wizard, 'Molecule');
      await nextStep(wizard, 'Advanced');
      await nextStep(wizard, 'Resources');
      const summary = wizard.getByRole('region', { name: 'Molecules' });
      for (const bond of BONDS) await summary.getByText(`${bond} Å: ${lih(bond)}`).waitFor();
      // The scan view asks for its scan by id: the id the API downloads are asked with below.
      const scanRequest = page.waitForRequest((request) => request.url().includes(JOB_PATHS.hybridJobScan));
      await wizard.getByRole('button', { name: 'Create Job' }).click();
      await page.getByText('Job created successfully!').waitFor();
      const scanId = new URL((await scanRequest).url()).searchParams.get('scan_id')!;

      // Creating a scan opens its view, which fills in as the jobs finish.
      const view = page.getByRole('dialog', { name: /^Scan - hivqe-/ });
      await view.waitFor();
      const scanName = (await view.getByRole('heading').first().innerText()).replace('Scan - ', '');
      await view.getByText('3 of 3 bond lengths finished').waitFor({ timeout: SCAN_TIMEOUT });
      // A job's energies are stored as its computation ends, a moment before it is marked COMPLETED.
      await expect
        .poll(() => view.getByText('COMPLETED', { exact: true }).count(), { timeout: 30_000 })
        .toBe(3);
      const legend = await view.locator('.recharts-legend-item-text').allInnerTexts();
      expect(legend).toEqual(['HI-VQE energy (Ha)', 'RHF energy (Ha)', 'Reference energy (Ha)']);
      // Three lines of three points: energy, RHF and reference at each bond length.
      await expect.poll(() => view.locator('.recharts-line-dots circle').count()).toBe(9);
      const rows = view
        .getByRole('table', { name: 'Jobs of the scan' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') });
      expect(await rows.count()).toBe(3);
      const finals: number[] = [];
      for (const [index, bond] of BONDS.entries()) {
        const cells = rows.nth(index).getByRole('cell');
        expect(await cells.nth(0).innerText()).toBe(bond);
        expect(await cells.nth(1).innerText()).toBe('COMPLETED');
        const final = Number((await cells.nth(2).innerText()).replace(' Ha', ''));
        const rhf = Number((await cells.nth(3).innerText()).replace(' Ha', ''));
        expect(final).toBeLessThan(rhf);
        finals.push(final);
      }
      // The curve's minimum is at the equilibrium bond length.
      expect(finals[1]).toBeLessThan(finals[0]);
      expect(finals[1]).toBeLessThan(finals[2]);
      await saveScreen(page, 'scan');
      await checkCurveExports(page, view, scanId);
      await view.getByRole('button', { name: 'Close' }).click();

      // Listed together, each naming its bond length, each leading back to the scan.
      await expect.poll(() => jobRows(page).count(), { timeout: 15_000 }).toBe(3);
      const names = await Promise.all(BONDS.map(async (bond) => `${scanName}-${bond.replace('.', 'p')}`));
      for (const name of names) await jobRows(page).filter({ hasText: name }).waitFor();
      await checkNarrowScan(page, app.baseUrl, scanName);
      const middle = jobRows(page).filter({ hasText: names[1] });
      await middle.getByRole('button', { name: `View scan ${scanName}` }).click();
      await page
        .getByRole('dialog', { name: `Scan - ${scanName}` })
        .getByText('3 of 3 bond lengths finished')
        .waitFor();
      await page
        .getByRole('dialog', { name: `Scan - ${scanName}` })
        .getByRole('button', { name: 'Close' })
        .click();

      // The 1.6 Å job's result card, against the engine's CLI run on the same hyperparameters.
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await middle.getByText('COMPLETED', { exact: true }).waitFor({ timeout: SCAN_TIMEOUT });
      await middle.getByRole('button', { name: `Actions for ${names[1]}` }).click();
      await page.getByRole('menuitem', { name: 'Monitor Job' }).click();
      const monitor = page.getByRole('dialog', { name: `Job Monitor - ${names[1]}` });
      const card = monitor.getByRole('region', { name: 'Result' });
      await card.getByText('Final energy').waitFor();
      const downloads = monitor.getByRole('group', { name: 'Download' });
      const download = await downloadBy(downloads.getByRole('button', { name: 'Result (JSON)' }), downloads);
      const document = JSON.parse(await fileText(download)) as ResultDocument;
      expect(document).toMatchObject({
        kind: 'hivqe.result',
        job: { name: names[1], status: 'COMPLETED' },
        units: { energy: 'Ha', energy_error: 'mHa', length: 'Å', time: 's' },
        engine: { name: '@hivqe/engine' },
      });
      const { hyperparameters } = document.input;
      expect(hyperparameters).toMatchObject({ molecule_geometry: lih('1.6'), geometry_tag: '1.6' });
      expect(document.input.sha256).toBe(
        createHash('sha256').update(canonicalJson(hyperparameters)).digest('hex'),
      );
      // Typed parameters, the full specification and the state's leading determinants (issue 30 §4).
      expect(document.parameters).toMatchObject({ active_orbitals: [0, 1, 2, 3, 4, 5], basis: 'sto-3g' });
      const cli = await runCli(hyperparameters);
      const [molecule] = document.molecules;
      expect(molecule.specification).toMatchObject({
        charge: 0,
        multiplicity: 1,
        electrons: 4,
        molecular_point_group: 'C2v',
        active_space: { electrons: 4, orbitals: 6, frozen_core: 0, point_group: 'C1' },
      });
      expect(molecule.geometry).toEqual([
        { element: 'Li', x: 0, y: 0, z: 0 },
        { element: 'H', x: 0, y: 0, z: 1.6 },
      ]);
      expect(molecule.leading_determinants![0]).toMatchObject({ alpha: '110000', beta: '110000' });
      expect(molecule.energies!.final).toBeCloseTo(cli.energy, 9);
      expect(molecule.energies!.rhf).toBeCloseTo(cli.e_rhf, 9);
      expect(molecule.reference).toEqual({ energy: cli.e_casci, source: 'casci' });
      expect(cli.e_rhf).toBeCloseTo(LIH_16.rhf, 6);
      expect(cli.e_casci).toBeCloseTo(LIH_16.casci, 6);
      expect(await cardValue(card, 'Final energy')).toBe(hartree(cli.energy));
      expect(await cardValue(card, 'RHF energy')).toBe(hartree(cli.e_rhf));
      expect(await cardValue(card, 'Reference energy')).toBe(
        `${hartree(cli.e_casci!)} (CASCI computed by the engine)`,
      );
      expect(finals[1]).toBe(Number(cli.energy.toFixed(8)));
      await saveScreen(card, 'result-card');
      await monitor.getByRole('button', { name: 'Close' }).click();

      // Clone Scan: the single-page form holds every bond length again.
      await middle.getByRole('button', { name: `View scan ${scanName}` }).click();
      await page
        .getByRole('dialog', { name: `Scan - ${scanName}` })
        .getByRole('button', { name: 'Clone Scan' })
        .click();
      const form = page
        .getByRole('dialog', { name: 'Create HI-VQE Job' })
        .filter({ has: page.getByRole('group', { name: 'Resource and Device' }) });
      for (const [index, bond] of BONDS.entries()) {
        const molecule = form.getByRole('group', { name: `Molecule ${index + 1}` });
        expect(await molecule.getByLabel('Bond Length (Å)').inputValue()).toBe(bond);
        expect(await molecule.getByLabel('Geometry').inputValue()).toBe(lih(bond));
      }
      expect(await form.getByLabel('Basis').inputValue()).toBe('sto-3g');
      await page.context().close();
    },
    SCAN_TIMEOUT + 120_000,
  );
});
