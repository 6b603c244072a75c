import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('baseUrl') });
  return context.newPage();
}

/** Reads the newest confirmation code mailed to `email` from the dev mailbox, as a person would. */
export async function codeFromMailbox(browser: Browser, email: string): Promise<string> {
  const page = await openPage(browser);
  await page.goto('/dev/mailbox');
  const mails = await page.locator('article').allInnerTexts();
  await page.context().close();
  const mail = mails.find((text) => text.includes(`To: ${email}`));
  const code = mail?.match(/Your confirmation code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no confirmation mail for ${email} in the dev mailbox`);
  return code;
}

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@e2e.example.com`;
}
