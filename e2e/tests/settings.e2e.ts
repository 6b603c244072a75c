import { readFile } from 'node:fs/promises';
import {
  accessRoleTemplate,
  accessRoleTemplateJson,
  type AccountSettingsResponse,
  type MappingStatusResponse,
} from '@hivqe/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromMailbox, launchBrowser, openPage, uniqueEmail } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startConsole, type Console } from '../support/console.ts';
import { downloadBy } from '../support/downloads.ts';
import { firstAdminSignIn, PASSWORD, signedInUser } from '../support/flows.ts';

let browser: Browser;
let app: Console;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startConsole()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const ADMIN_NEW_PASSWORD = 'admin-new-pass-1';
/** The account customers' access roles trust when PLATFORM_AWS_ACCOUNT_ID is not set. */
const PLATFORM_ACCOUNT_ID = '000000000000';
const ACCOUNT_ID = '210987654321';
const REGION = 'eu-north-1';

/** The bootstrap administrator, signed in once (first login: new password) and shared by the tests. */
let adminPage: Page | undefined;
async function signedInAdmin(): Promise<Page> {
  if (!adminPage) {
    const page = await openPage(browser, app.baseUrl);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    await firstAdminSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NEW_PASSWORD);
    adminPage = page;
  }
  return adminPage;
}

/** A section of Account Settings, found by its heading. */
function panel(page: Page, title: string): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });
}

/** The value shown under `label` in a label/value list. */
function valueUnder(scope: Locator, label: string): Locator {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[not(span)] | following-sibling::dd/span');
}

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

async function bearer(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token, 'the signed-in page holds an access token').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

async function settingsOf(page: Page): Promise<AccountSettingsResponse> {
  const response = await page.request.get('/api/v1/account/settings', { headers: await bearer(page) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AccountSettingsResponse;
}

/**
 * Runs `action`, waits for the feedback banner `text` to appear and then to go away on its own; returns how long
 * it took from just before the action, which bounds from above how long the banner stayed.
 */
async function flashed(page: Page, text: string, action: () => Promise<unknown>): Promise<number> {
  const banner = page.getByRole('status').filter({ hasText: text });
  const started = Date.now();
  await action();
  await banner.waitFor({ timeout: 15_000 });
  await banner.waitFor({ state: 'detached', timeout: 15_000 });
  return Date.now() - started;
}

describe('account settings in the browser', () => {
  it('lets the system admin configure AWS, copy and download the template, and register and remove an IQM key', async () => {
    const page = await signedInAdmin();
    await page.goto('/?section=account');
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();

    // --- AWS: the platform's account until one is configured.
    const aws = panel(page, 'AWS Account Configuration');
    await aws
      .getByText(
        "You have no AWS account configured: jobs run on this server's local back end, in the platform's account.",
      )
      .waitFor();
    expect(await aws.getByRole('button', { name: 'Copy External ID' }).count()).toBe(0);
    expect(await aws.getByRole('button', { name: 'Download CloudFormation Template' }).count()).toBe(0);

    await aws.getByRole('button', { name: 'Configure', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Update AWS Settings' });
    await dialog.waitFor();
    const accountId = dialog.getByLabel('Account ID');
    const region = dialog.getByLabel('Region');
    const update = dialog.getByRole('button', { name: 'Update', exact: true });
    expect(await update.isDisabled()).toBe(true);

    const regionOptions = await region.locator('option').allTextContents();
    expect(regionOptions).toEqual([
      'Select a region',
      'us-east-1',
      'us-west-1',
      'us-west-2',
      'eu-west-2',
      'eu-north-1',
    ]);
    expect(await region.inputValue()).toBe('');

    // Digits only, at most 12.
    await accountId.fill('2109-8765-4321-99x');
    expect(await accountId.inputValue()).toBe(ACCOUNT_ID);
    // 12 digits but no region yet.
    expect(await update.isDisabled()).toBe(true);
    await region.selectOption(REGION);
    expect(await update.isEnabled()).toBe(true);
    // A region but only 11 digits.
    await accountId.fill(ACCOUNT_ID.slice(0, 11));
    await dialog.getByText('Please enter a valid 12-digit AWS Account ID.').waitFor();
    expect(await update.isDisabled()).toBe(true);
    // Back to "Select a region" with 12 digits.
    await accountId.fill(ACCOUNT_ID);
    await region.selectOption('');
    expect(await update.isDisabled()).toBe(true);
    await region.selectOption(REGION);
    expect(await update.isEnabled()).toBe(true);

    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/v1/account/settings/aws' &&
          response.request().method() === 'PUT',
      ),
      update.click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);
    expect(saved.request().postDataJSON()).toEqual({ account_id: ACCOUNT_ID, aws_region: REGION });
    await aws.getByText('Account settings updated successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const roleArn = `arn:aws:iam::${ACCOUNT_ID}:role/HI-VQE-Access-Role`;
    expect(await textOf(valueUnder(aws, 'Account ID'))).toBe(ACCOUNT_ID);
    expect(await textOf(valueUnder(aws, 'Region'))).toBe(REGION);
    expect(await textOf(valueUnder(aws, 'Role ARN'))).toBe(roleArn);
    const externalId = await textOf(valueUnder(aws, 'External ID'));
    expect(externalId).toMatch(/^\S{16,}$/);
    expect(await aws.getByText('You have no AWS account configured', { exact: false }).count()).toBe(0);
    for (const label of ['Account ID', 'Region', 'Role ARN', 'External ID']) {
      expect(await aws.getByRole('button', { name: `Copy ${label}`, exact: true }).count(), label).toBe(1);
    }

    // The server kept them: a fresh page shows the same values.
    await page.reload();
    await valueUnder(aws, 'External ID').waitFor();
    expect(await textOf(valueUnder(aws, 'Account ID'))).toBe(ACCOUNT_ID);
    expect(await textOf(valueUnder(aws, 'Region'))).toBe(REGION);
    expect(await textOf(valueUnder(aws, 'Role ARN'))).toBe(roleArn);
    expect(await textOf(valueUnder(aws, 'External ID'))).toBe(externalId);
    await aws.getByRole('button', { name: 'Update', exact: true }).waitFor();

    // --- Copy: the clipboard holds the shown value; the confirmation goes away after 3 s.
    await page.evaluate(() => navigator.clipboard.writeText('not the external id'));
    const copyShown = await flashed(page, 'External ID copied to clipboard!', () =>
      aws.getByRole('button', { name: 'Copy External ID' }).click(),
    );
    expect(copyShown).toBeGreaterThanOrEqual(2_950);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(externalId);

    // --- The CloudFormation template, built in the browser.
    const download = await downloadBy(
      aws.getByRole('button', { name: 'Download CloudFormation Template' }),
      aws,
    );
    expect(download.suggestedFilename()).toBe('hi-vqe-cloudformation-template.json');
    const text = await readFile(await download.path(), 'utf8');
    const input = { accountId: ACCOUNT_ID, platformAccountId: PLATFORM_ACCOUNT_ID, externalId };
    expect(text).toBe(accessRoleTemplateJson(input));
    const template = JSON.parse(text);
    expect(template).toEqual(accessRoleTemplate(input));
    const resources = Object.values(template.Resources) as {
      Type: string;
      Condition?: string;
      Properties: {
        RoleName?: string;
        AssumeRolePolicyDocument: { Statement: Record<string, unknown>[] };
        ManagedPolicyArns: string[];
      };
    }[];
    // The access role always; the jobs' execution role and bucket each behind a parameter (Braket's console
    // may have made them already).
    expect(resources.map((resource) => [resource.Type, resource.Condition ?? null])).toEqual([
      ['AWS::IAM::Role', null],
      ['AWS::IAM::Role', 'MakeExecutionRole'],
      ['AWS::S3::Bucket', 'MakeJobBucket'],
    ]);
    const [role] = resources;
    expect(role.Properties.RoleName).toBe('HI-VQE-Access-Role');
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Effect: 'Allow',
        Principal: { AWS: `arn:aws:iam::${PLATFORM_ACCOUNT_ID}:root` },
        Action: 'sts:AssumeRole',
        Condition: { StringEquals: { 'sts:ExternalId': externalId } },
      },
    ]);
    expect([...role.Properties.ManagedPolicyArns].sort()).toEqual([
      'arn:aws:iam::aws:policy/AmazonBraketFullAccess',
      'arn:aws:iam::aws:policy/AmazonS3FullAccess',
    ]);
    expect(template.Description).toContain(ACCOUNT_ID);

    // --- IQM API key: exactly 64 characters; shown only as *** and the last 10.
    const iqm = panel(page, 'IQM API Key');
    await iqm.getByText('No IQM API key is registered.').waitFor();
    const key = `e2eKey${Date.now().toString(36)}`.padEnd(54, 'k') + 'LAST10abcd';
    expect(key).toHaveLength(64);
    const keyField = iqm.getByLabel('IQM API Key');
    const register = iqm.getByRole('button', { name: 'Register' });
    expect(await register.isDisabled()).toBe(true);
    await keyField.fill(key.slice(0, 63));
    await iqm.getByText('(63/64)').waitFor();
    expect(await register.isDisabled()).toBe(true);
    await keyField.fill(key);
    expect(await register.isEnabled()).toBe(true);
    await register.click();
    await iqm.getByText('IQM API Key updated successfully!').waitFor();
    expect(await textOf(valueUnder(iqm, 'API Key'))).toBe('***LAST10abcd');
    expect(await iqm.getByText('No IQM API key is registered.').count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    expect((await settingsOf(page)).iqm_api_key).toBe('***LAST10abcd');

    await iqm.getByRole('button', { name: 'Remove API Key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove IQM API Key' });
    await confirm
      .getByText('Are you sure you want to remove your IQM API Key? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await iqm.getByText('IQM API Key removed successfully!').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await iqm.getByText('No IQM API key is registered.').waitFor();
    expect(await iqm.getByLabel('IQM API Key').count()).toBe(1);
    expect((await settingsOf(page)).iqm_api_key).toBeNull();
    // The AWS settings are untouched by the key's removal.
    expect(await textOf(valueUnder(aws, 'External ID'))).toBe(externalId);
  });

  it("hides the provider sections from a plain user, and the API refuses them the admin's settings", async () => {
    const admin = await signedInAdmin();
    const before = await settingsOf(admin);

    const userEmail = uniqueEmail('plain');
    const user = await signedInUser(browser, app.baseUrl, userEmail);
    const permissionsLoaded = user.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/auth/me/permissions' && response.ok(),
    );
    await user.goto('/?section=account');
    await permissionsLoaded;
    await user.getByRole('heading', { name: 'Roles & Permissions' }).waitFor();
    await user.getByRole('heading', { name: 'Delete Account' }).waitFor();
    await user.waitForLoadState('networkidle');
    expect(await user.getByRole('heading', { name: 'AWS Account Configuration' }).count()).toBe(0);
    expect(await user.getByRole('heading', { name: 'IQM API Key' }).count()).toBe(0);
    expect(await user.getByRole('button', { name: 'Configure' }).count()).toBe(0);

    const headers = await bearer(user);
    // The token works for the user's own settings...
    const own = await user.request.get('/api/v1/account/settings', { headers });
    expect(own.status(), await own.text()).toBe(200);
    expect(((await own.json()) as AccountSettingsResponse).user_email).toBe(userEmail);
    // ...but not for someone else's.
    const target = `?user_email=${encodeURIComponent(ADMIN_EMAIL)}`;
    const put = await user.request.put(`/api/v1/account/settings/aws${target}`, {
      headers,
      data: { account_id: '999999999999', aws_region: 'us-east-1' },
    });
    expect(put.status(), await put.text()).toBe(403);
    expect(((await put.json()) as { message?: string }).message).toBe(
      "Only a system administrator may read or change another user's settings.",
    );
    const read = await user.request.get(`/api/v1/account/settings${target}`, { headers });
    expect(read.status(), await read.text()).toBe(403);

    // The admin's settings are unchanged, through the API and on the page.
    expect(await settingsOf(admin)).toEqual(before);
    await admin.goto('/?section=account');
    const aws = panel(admin, 'AWS Account Configuration');
    await aws.waitFor();
    expect(before.account_id).toMatch(/^\d{12}$/);
    expect(before.account_id).not.toBe('999999999999');
    await valueUnder(aws, 'Account ID').waitFor();
    expect(await textOf(valueUnder(aws, 'Account ID'))).toBe(before.account_id);
    expect(await textOf(valueUnder(aws, 'Region'))).toBe(before.aws_region);
    await user.context().close();
  });

  it('links a local AWS Marketplace registration to the account that signs up and signs in', async () => {
    const customer = `e2e${Date.now().toString(36)}`;
    const page = await openPage(browser, app.baseUrl);
    // The marketplace posts the buyer's browser to the registration URL with an HTML form.
    await page.setContent(
      `<form method="post" action="${app.baseUrl}/api/v1/marketplace/register">
         <input type="hidden" name="x-amzn-marketplace-token" value="local-${customer}">
         <button type="submit">Set up your account</button>
       </form>`,
    );
    await page.getByRole('button', { name: 'Set up your account' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const landed = new URL(page.url());
    expect(landed.origin).toBe(app.baseUrl);
    expect(landed.searchParams.get('source')).toBe('marketplace');
    const mappingId = landed.searchParams.get('mapping_id');
    expect(mappingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await page.getByText('Marketplace Login', { exact: true }).waitFor();

    const cookie = (await page.context().cookies(app.baseUrl)).find(
      (candidate) => candidate.name === 'marketplace_mapping_id',
    );
    expect(cookie?.value).toBe(mappingId);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.secure).toBe(true);
    expect(cookie?.path).toBe('/');
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(14_400 - 300);
    expect(lifetime).toBeLessThanOrEqual(14_400 + 5);
    expect(await page.evaluate(() => localStorage.getItem('marketplace_mapping_id'))).toBe(mappingId);

    // Sign up from the marketplace landing, confirm with the mailed code, sign in.
    const email = uniqueEmail('buyer');
    await page.getByRole('button', { name: 'Sign up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp.getByText('Marketplace Signup', { exact: true }).waitFor();
    await signUp.getByLabel('Email Address').fill(email);
    await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signUp.getByLabel('Confirm Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    const confirm = page.getByRole('dialog', { name: /confirm/i });
    await confirm.getByText(email).waitFor();
    await confirm.getByLabel('Confirmation Code').fill(await codeFromMailbox(browser, app.baseUrl, email));
    await confirm.getByRole('button', { name: 'Confirm Email' }).click();
    await page.getByText('Email verification successful! You can now sign in to your account.').waitFor();
    await confirm.waitFor({ state: 'detached', timeout: 10_000 });

    await page.getByText('Marketplace Login', { exact: true }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(email);
    const [completed] = await Promise.all([
      page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/v1/auth/marketplace-mapping/complete',
      ),
      (async () => {
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
      })(),
    ]);
    expect(completed.status(), await completed.text()).toBe(200);
    expect(completed.request().postDataJSON()).toEqual({ mapping_id: mappingId });
    await page.getByText(`Welcome, ${email}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('marketplace_mapping_id'))).toBeNull();

    // The link, as the API tells it and as Account Settings shows it.
    const status = await page.request.get('/api/v1/auth/marketplace-mapping/status', {
      headers: await bearer(page),
    });
    expect(status.status(), await status.text()).toBe(200);
    const { has_mapping, mapping } = (await status.json()) as MappingStatusResponse;
    expect(has_mapping).toBe(true);
    expect(mapping?.mapping_id).toBe(mappingId);
    expect(mapping?.customer_id).toBe(`local-${customer}`);
    expect(mapping?.aws_account_id).toMatch(/^\d{12}$/);

    await page.goto('/?section=account');
    const banner = page.getByRole('status').filter({ hasText: 'Linked to AWS Marketplace' });
    await banner.waitFor();
    const bannerText = await textOf(banner);
    expect(bannerText).toContain(`AWS account ${mapping!.aws_account_id}`);
    expect(bannerText).toContain(`customer local-${customer}`);

    // The local marketplace's subscription page.
    await page.goto('/marketplace');
    await page.getByRole('heading', { name: 'Complete AWS Marketplace Onboarding' }).waitFor();
    await page.getByText('Simulated subscription', { exact: true }).waitFor();
    const details = page.locator('dl').filter({ hasText: 'Subscription status' });
    await details.waitFor();
    expect(await textOf(valueUnder(details, 'Subscription status'))).toBe('Active');
    expect(await textOf(valueUnder(details, 'Customer'))).toBe(`local-${customer}`);
    expect(await textOf(valueUnder(details, 'AWS account'))).toBe(mapping!.aws_account_id);
    await page.getByRole('button', { name: 'Cancel simulated subscription' }).waitFor();
    await page.context().close();
  });
});
