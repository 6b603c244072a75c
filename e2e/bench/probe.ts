import type { Page } from 'playwright-core';

/** Browser-side times (performance.now(), ms since the document's navigation started). */
export interface ProbeReading {
  /** The first click or change after arming (capture phase, before React sees it); null on a navigation. */
  eventAt: number | null;
  /** The pagination status first read as expected: React has committed the rows. */
  shownAt: number | null;
  /** The task after the next animation frame: the rows have been painted. */
  paintedAt: number | null;
}

interface PanelProbe {
  arm(expected: string): void;
  read(): ProbeReading;
}

declare global {
  interface Window {
    __panelBench?: PanelProbe;
  }
}

/**
 * Runs in the page before its own scripts (addInitScript): watches the jobs panel's pagination status
 * ('Showing a-b of n jobs (Page p of P)') for the armed text, `initial` on a fresh document. Written without
 * named inner functions, since tsx's keepNames would wrap them in a `__name` helper the page does not have.
 */
function installProbe(initial: string): void {
  let expected: string | null = initial;
  let reading: ProbeReading = { eventAt: null, shownAt: null, paintedAt: null };
  new MutationObserver(function () {
    if (expected === null || reading.shownAt !== null) return;
    const status = document.querySelector('nav[aria-label="Pagination"] p');
    if (status?.textContent !== expected) return;
    const shown = reading;
    shown.shownAt = performance.now();
    requestAnimationFrame(function () {
      setTimeout(function () {
        shown.paintedAt = performance.now();
      }, 0);
    });
  }).observe(document, { subtree: true, childList: true, characterData: true });
  for (const type of ['click', 'change']) {
    document.addEventListener(
      type,
      function () {
        if (expected !== null && reading.eventAt === null && reading.shownAt === null)
          reading.eventAt = performance.now();
      },
      true,
    );
  }
  window.__panelBench = {
    arm(text) {
      expected = text;
      reading = { eventAt: null, shownAt: null, paintedAt: null };
    },
    read() {
      return { ...reading };
    },
  };
}

/** Installs the probe in every document `page` loads, waiting for `onLoad` after each navigation. */
export async function addProbe(page: Page, onLoad: string): Promise<void> {
  await page.addInitScript(installProbe, onLoad);
}

/** Waits for the next status `expected` (after the probe is armed, `act` makes it appear). */
export async function armProbe(page: Page, expected: string): Promise<void> {
  await page.evaluate((text) => window.__panelBench?.arm(text), expected);
}

/** The browser's reading once the rows have been painted. */
export async function readProbe(page: Page): Promise<ProbeReading> {
  await page.waitForFunction(() => window.__panelBench?.read().paintedAt != null);
  const reading = await page.evaluate(() => window.__panelBench?.read());
  if (!reading) throw new Error('the page has no bench probe');
  return reading;
}
