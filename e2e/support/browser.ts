import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

/**
 * `work`, or an error naming `what` once it has not settled in 30 s. A sign-up test once ran into its 120 s
 * ceiling without saying where (CI, session 23); opening and closing a context or a page are the calls it makes
 * that take no timeout of their own, so these fail with their step's name instead.
 */
async function named<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer from Chromium in 30 s`)), 30_000);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** A page in a fresh browser context (its own local storage): one person at one browser. */
export async function openPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await named(
    'opening a browser context',
    browser.newContext({ baseURL: baseUrl, acceptDownloads: true }),
  );
  return named('opening a page', context.newPage());
}

/** The newest mail to `email` in the dev mailbox, read as a person would. */
export async function mailTo(browser: Browser, baseUrl: string, email: string): Promise<string> {
  const page = await openPage(browser, baseUrl);
  await page.goto('/dev/mailbox');
  const mails = await page.locator('article').allInnerTexts();
  await named('closing the mailbox page', page.context().close());
  const mail = mails.find((text) => text.includes(`To: ${email}`));
  if (!mail) throw new Error(`no mail for ${email} in the dev mailbox`);
  return mail;
}

export async function codeFromMailbox(browser: Browser, baseUrl: string, email: string): Promise<string> {
  const code = (await mailTo(browser, baseUrl, email)).match(/Your confirmation code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no confirmation code mailed to ${email}`);
  return code;
}

let counter = 0;
export function uniqueEmail(tag: string, domain = 'e2e.example.com'): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@${domain}`;
}
