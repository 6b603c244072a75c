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

/** A page in a fresh browser context (its own local storage): one person at one browser. */
export async function openPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true });
  return context.newPage();
}

/** The newest mail to `email` in the dev mailbox, read as a person would. */
export async function mailTo(browser: Browser, baseUrl: string, email: string): Promise<string> {
  const page = await openPage(browser, baseUrl);
  await page.goto('/dev/mailbox');
  const mails = await page.locator('article').allInnerTexts();
  await page.context().close();
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
