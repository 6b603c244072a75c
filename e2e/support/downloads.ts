import type { Download, Locator } from 'playwright-core';

/** A file is saved after a fetch on some buttons; the shared CI machine can be slow. */
const DOWNLOAD_TIMEOUT = 60_000;

/**
 * Clicks `button` and answers the file the console saved, checked complete. When the console shows an alert inside
 * `within` instead (a refused fetch, a failed export), fails with the alert's text rather than a bare timeout.
 */
export async function downloadBy(button: Locator, within: Locator): Promise<Download> {
  const alert = within.getByRole('alert').first();
  const saved = button.page().waitForEvent('download', { timeout: DOWNLOAD_TIMEOUT });
  const refused = alert.waitFor({ timeout: DOWNLOAD_TIMEOUT }).then(
    () => alert.innerText(),
    () => null,
  );
  await button.click();
  const first = await Promise.race([saved, refused]);
  if (first === null || typeof first === 'string') {
    saved.catch(() => undefined);
    throw new Error(`No file was saved: ${first ?? 'no download and no alert'}`);
  }
  const failure = await first.failure();
  if (failure) throw new Error(`The download of ${first.suggestedFilename()} failed: ${failure}`);
  return first;
}
