import type { Browser, Page } from 'playwright-core';
import { codeFromMailbox, openPage } from './browser.ts';

export const PASSWORD = 'e2e-password-1';

/** Signs up through the dialog, confirms with the mailed code and waits for the dialog to close. */
export async function signUp(page: Page, browser: Browser, baseUrl: string, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();

  const confirm = page.getByRole('dialog', { name: /confirm/i });
  await confirm.getByText(email).waitFor();
  await confirm.getByLabel('Confirmation Code').fill(await codeFromMailbox(browser, baseUrl, email));
  await confirm.getByRole('button', { name: 'Confirm Email' }).click();
  await page.getByText('Email verification successful! You can now sign in to your account.').waitFor();
  await confirm.waitFor({ state: 'detached', timeout: 10_000 });
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A confirmed user signed in on a page of their own. */
export async function signedInUser(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const page = await openPage(browser, baseUrl);
  await signUp(page, browser, baseUrl, email);
  await signIn(page, email);
  await page.getByText(`Welcome, ${email}`).waitFor();
  return page;
}

/** The bootstrap administrator's first sign-in: the challenge, then the new password. */
export async function firstAdminSignIn(
  page: Page,
  email: string,
  initial: string,
  next: string,
): Promise<void> {
  await signIn(page, email, initial);
  await page.getByText('This is your first login. Please set a new password.').waitFor();
  await page.getByLabel('New Password').fill(next);
  await page.getByLabel('Confirm Password').fill(next);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.getByText(`Welcome, ${email}`).waitFor();
}

/** Creates an organization from the Organizations page through its dialog; waits until it is listed. */
export async function createOrganization(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Organization' });
  await dialog.getByLabel('Organization Name').fill(name);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).waitFor();
}
