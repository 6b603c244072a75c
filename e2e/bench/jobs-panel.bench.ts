import { existsSync } from 'node:fs';
import { JOB_PATHS, JOB_TABLE_DEFAULT_PAGE_SIZE, JOB_TABLE_PAGE_SIZES, showingText } from '@hivqe/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { fmt, percentile } from '../../apps/server/bench/stats.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { signIn } from '../support/flows.ts';
import { addProbe, armProbe, readProbe, type ProbeReading } from './probe.ts';
import { startSeededConsole } from './seeded-console.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * The browser's side of one user's 10,000 jobs: the Dashboard's cloud jobs panel asks the server for the one
 * page it shows (filtered, ordered and counted there) and keeps nothing in local storage (issue 12).
 * Each figure is measured in Node around Playwright's action and wait, and in the page with performance.now()
 * (see probe.ts): from navigation start, or from the click or change event, until the rows are committed.
 */

/** BENCH_JOBS overrides the issue's 10,000 (a page's cost should not depend on it). */
const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const STATUSES = ['COMPLETED', 'FAILED', 'CANCELLED'] as const;
const FILTERED_STATUS = 'FAILED';
/** Issue 12's goal for the first rows of an uncached open. */
const FIRST_ROWS_GOAL_MS = 300;
const WARMUP = 1;
const RUNS = 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where earlier consoles kept the whole cloud job list (the 'auth_' user-cache prefix + 'jobs_'). */
const JOB_CACHE_PREFIX = 'auth_jobs_';

const PAGE_SIZE = JOB_TABLE_DEFAULT_PAGE_SIZE;
const LARGEST_PAGE_SIZE = Math.max(...JOB_TABLE_PAGE_SIZES);
/** How many of the seeded jobs have `status` (seedJobs cycles through the statuses). */
const countOf = (status: string) =>
  Array.from({ length: JOBS }, (_, i) => STATUSES[i % STATUSES.length]).filter((s) => s === status).length;
const FIRST_PAGE = showingText(1, PAGE_SIZE, JOBS);

interface Sample {
  /** Node: from the Playwright action until its wait for the rows returned. */
  node: number;
  /** Browser: from navigation start or the input event until the rows were committed. */
  shown: number;
  /** Browser: the same until the frame after (painted). */
  painted: number;
}

interface Figure {
  label: string;
  samples: Sample[];
  note?: string;
}

function jobRows(page: Page): Locator {
  return page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Job Name' }) })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

/** Runs `act` and waits for the pagination status `expected` and the first row; answers both clocks. */
async function measure(page: Page, expected: string, act: () => Promise<unknown>): Promise<Sample> {
  await armProbe(page, expected);
  const start = performance.now();
  await act();
  const shown = page.getByRole('navigation', { name: 'Pagination' }).getByText(expected, { exact: true });
  const failed = page.getByText('Failed to load hybrid jobs');
  await shown.or(failed).waitFor();
  if (await failed.isVisible()) throw new Error(`the panel shows "Failed to load hybrid jobs"`);
  await jobRows(page).first().waitFor();
  const node = performance.now() - start;
  const reading: ProbeReading = await readProbe(page);
  if (reading.shownAt === null || reading.paintedAt === null) throw new Error(`no reading for ${expected}`);
  const since = reading.eventAt ?? 0;
  return { node, shown: reading.shownAt - since, painted: reading.paintedAt - since };
}

/** The Dashboard (the panel) loaded afresh: waits for the first page of rows. */
const openDashboard = (page: Page) => measure(page, FIRST_PAGE, () => page.goto('/'));

/**
 * The job list requests of the current document: how many, when the first started (ms since navigation start:
 * what the page did before it could ask), and from the first start to the last answer.
 */
function listRequests(page: Page): Promise<{ count: number; startedAt: number; ms: number }> {
  return page.evaluate((listPath) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.endsWith(listPath));
    if (entries.length === 0) return { count: 0, startedAt: 0, ms: 0 };
    const first = Math.min(...entries.map((entry) => entry.startTime));
    const last = Math.max(...entries.map((entry) => entry.responseEnd));
    return { count: entries.length, startedAt: first, ms: last - first };
  }, JOB_PATHS.hybridJobs);
}

/** Characters kept in local storage for a job list: none now. */
function storedListSize(page: Page): Promise<number> {
  return page.evaluate((prefix) => {
    let size = 0;
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) size += localStorage.getItem(key)?.length ?? 0;
    }
    return size;
  }, JOB_CACHE_PREFIX);
}

/** `WARMUP` unmeasured runs, then `RUNS` measured ones. */
async function repeat(run: () => Promise<Sample>): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const sample = await run();
    if (i >= WARMUP) samples.push(sample);
  }
  return samples;
}

async function measurePanel(page: Page): Promise<Figure[]> {
  const status = page.getByLabel('Status');
  const perPage = page.getByLabel('Per page');
  const failed = countOf(FILTERED_STATUS);

  const requestTimes: number[] = [];
  const requestStarts: number[] = [];
  const uncached = await repeat(async () => {
    const sample = await openDashboard(page);
    const requests = await listRequests(page);
    if (requests.count !== 1) throw new Error(`the panel made ${requests.count} list requests, expected 1`);
    requestTimes.push(requests.ms);
    requestStarts.push(requests.startedAt);
    return sample;
  });
  const storedChars = await storedListSize(page);
  if (storedChars !== 0) throw new Error(`the panel stored ${storedChars} characters of job list`);

  const filterOn: Sample[] = [];
  const filterOff: Sample[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const on = await measure(page, showingText(1, PAGE_SIZE, failed), () =>
      status.selectOption(FILTERED_STATUS),
    );
    const off = await measure(page, FIRST_PAGE, () => status.selectOption(''));
    if (i >= WARMUP) {
      filterOn.push(on);
      filterOff.push(off);
    }
  }

  const nextPage = await repeat(async () => {
    const sample = await measure(page, showingText(2, PAGE_SIZE, JOBS), () =>
      page.getByRole('button', { name: 'Next page' }).click(),
    );
    await page.getByRole('button', { name: 'First page' }).click();
    await page.getByText(FIRST_PAGE, { exact: true }).waitFor();
    return sample;
  });

  const largestPage = await repeat(async () => {
    const sample = await measure(page, showingText(1, LARGEST_PAGE_SIZE, JOBS), () =>
      perPage.selectOption(String(LARGEST_PAGE_SIZE)),
    );
    await perPage.selectOption(String(PAGE_SIZE));
    await page.getByText(FIRST_PAGE, { exact: true }).waitFor();
    return sample;
  });

  return [
    {
      label: 'open Dashboard (nothing cached)',
      samples: uncached,
      note:
        `1 request of ${PAGE_SIZE}, sent at ${fmt(percentile(requestStarts, 50), 0)} ms, answered in ` +
        `${fmt(percentile(requestTimes, 50), 0)} ms (medians); nothing in local storage`,
    },
    {
      label: `status filter ${FILTERED_STATUS}`,
      samples: filterOn,
      note: `${failed.toLocaleString('en-US')} of ${JOBS.toLocaleString('en-US')} jobs`,
    },
    { label: 'status filter back to all', samples: filterOff },
    { label: `next page (2 of ${Math.ceil(JOBS / PAGE_SIZE)})`, samples: nextPage },
    { label: `per page ${PAGE_SIZE} -> ${LARGEST_PAGE_SIZE}`, samples: largestPage },
  ];
}

function printFigures(figures: Figure[], header: string): void {
  const width = Math.max(...figures.map((figure) => figure.label.length));
  const heads = `${'median'.padStart(8)}${'p95'.padStart(8)}${'min-max'.padStart(12)}`;
  const stats = (values: number[]) => {
    const range = `${fmt(Math.min(...values), 0)}-${fmt(Math.max(...values), 0)}`;
    const median = fmt(percentile(values, 50), 0);
    return `${median.padStart(8)}${fmt(percentile(values, 95), 0).padStart(8)}${range.padStart(12)}`;
  };
  console.log(header);
  console.log(
    `  ${''.padEnd(width)}  ${'Node, action to rows visible'.padStart(heads.length)}  ` +
      `${'browser, to rows committed'.padStart(heads.length)}  ${'painted'.padStart(8)}`,
  );
  console.log(`  ${''.padEnd(width)}  ${heads}  ${heads}  ${'median'.padStart(8)}`);
  for (const { label, samples, note } of figures) {
    const node = stats(samples.map((sample) => sample.node));
    const shown = stats(samples.map((sample) => sample.shown));
    const painted = fmt(
      percentile(
        samples.map((sample) => sample.painted),
        50,
      ),
      0,
    );
    console.log(
      `  ${label.padEnd(width)}  ${node}  ${shown}  ${painted.padStart(8)}${note ? `  (${note})` : ''}`,
    );
  }
  console.log(
    '  browser: performance.now() in the page, from navigation start (open) or from the click / change event ' +
      '(the rest) to the React commit of the rows; painted: to the task after the next frame',
  );
  const open = figures[0].samples.map((sample) => sample.shown);
  console.log(
    `  time to first rows of an uncached open: ${fmt(percentile(open, 50), 0)} ms median ` +
      `(goal under ${FIRST_ROWS_GOAL_MS} ms)`,
  );
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the browser bench needs Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` ` +
        '(or set CHROMIUM_PATH)',
    );
  }
  ensureWebBuild();
  const browser: Browser = await launchBrowser();
  try {
    const seeded = await startSeededConsole(browser, JOBS, STATUSES);
    try {
      const page = await openPage(browser, seeded.app.baseUrl);
      await addProbe(page, FIRST_PAGE);
      await signIn(page, seeded.email);
      await page.getByText(`Welcome, ${seeded.email}`).waitFor();
      const figures = await measurePanel(page);
      printFigures(
        figures,
        `jobs panel in Chromium (PGlite; ${JOBS.toLocaleString('en-US')} jobs of one user seeded in ` +
          `${fmt(seeded.seedMs, 0)} ms; ${RUNS} runs after ${WARMUP} warm-up; ms)`,
      );
      await page.context().close();
    } finally {
      await seeded.stop();
    }
  } finally {
    await browser.close();
  }
}

await main();
