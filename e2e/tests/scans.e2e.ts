import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, uniqueEmail } from '../support/browser.ts';
import { INTERNAL_DOMAIN, startConsole, type Console } from '../support/console.ts';
import { downloadBy } from '../support/downloads.ts';
import { signedInUser } from '../support/flows.ts';
import { DESKTOP, saveScreen } from '../support/screens.ts';

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
const lih = (bond: string) => `Li 0 0 0;H 0 0 ${bond}`;
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
      for (const [index, bond] of BONDS.slice(1).entries()) {
        await wizard.getByRole('button', { name: 'Add Molecule' }).click();
        await enterLiH(wizard, index + 2, bond);
      }
      await nextStep(wizard, 'Molecule');
      await nextStep(wizard, 'Advanced');
      await nextStep(wizard, 'Resources');
      const summary = wizard.getByRole('region', { name: 'Molecules' });
      for (const bond of BONDS) await summary.getByText(`${bond} Å: ${lih(bond)}`).waitFor();
      await wizard.getByRole('button', { name: 'Create Job' }).click();
      await page.getByText('Job created successfully!').waitFor();

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
      await view.getByRole('button', { name: 'Close' }).click();

      // Listed together, each naming its bond length, each leading back to the scan.
      await expect.poll(() => jobRows(page).count(), { timeout: 15_000 }).toBe(3);
      const names = await Promise.all(BONDS.map(async (bond) => `${scanName}-${bond.replace('.', 'p')}`));
      for (const name of names) await jobRows(page).filter({ hasText: name }).waitFor();
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
      const document = JSON.parse(await readFile(await download.path(), 'utf8')) as {
        job_name: string;
        status: string;
        hyperparameters: Record<string, string>;
        molecules: {
          geometry_tag: string;
          energies: { final: number; rhf: number; casci: number | null };
          reference: { energy: number; source: string };
        }[];
      };
      expect(document).toMatchObject({ job_name: names[1], status: 'COMPLETED' });
      expect(document.hyperparameters).toMatchObject({ molecule_geometry: lih('1.6'), geometry_tag: '1.6' });
      const cli = await runCli(document.hyperparameters);
      const [molecule] = document.molecules;
      expect(molecule.energies.final).toBeCloseTo(cli.energy, 9);
      expect(molecule.energies.rhf).toBeCloseTo(cli.e_rhf, 9);
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
