import type { AccountSettingsResponse, MappingStatusResponse, Organization } from '@hivqe/contract';
import { http, HttpResponse } from 'msw';
import { apiPath, server } from '../../../test/server.ts';

export const ACCOUNT_ID = '123456789012';
export const EXTERNAL_ID = 'hivqe-0123456789abcdef0123456789abcdef';
export const IQM_KEY = `${'k'.repeat(54)}TAIL567890`;

export const PLATFORM_SETTINGS: AccountSettingsResponse = {
  user_email: 'ada@example.com',
  source: 'platform',
  account_id: '000000000000',
  aws_region: 'us-east-1',
  role_arn: 'arn:aws:iam::000000000000:role/HI-VQE-Access-Role',
  external_id: null,
  iqm_api_key: null,
  platform_account_id: '111122223333',
  connection_test_available: false,
  hybrid_job_backend: 'local',
};

export const OWN_SETTINGS: AccountSettingsResponse = {
  ...PLATFORM_SETTINGS,
  source: 'user',
  account_id: ACCOUNT_ID,
  aws_region: 'eu-north-1',
  role_arn: `arn:aws:iam::${ACCOUNT_ID}:role/HI-VQE-Access-Role`,
  external_id: EXTERNAL_ID,
};

export interface SettingsCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

type Failure = { status: number; message?: string };

interface SettingsServerOptions {
  /** An answer for every change, instead of applying it. */
  failChanges?: Failure;
  failRead?: boolean;
  mapping?: MappingStatusResponse['mapping'];
  organizations?: Organization[];
}

/**
 * A stateful GET/PUT/DELETE /account/settings that behaves like the server (masking the key, deriving the role),
 * plus the mapping status and organizations the Account Settings page also reads. Returns every call it saw.
 */
export function settingsServer(
  initial: AccountSettingsResponse = PLATFORM_SETTINGS,
  options: SettingsServerOptions = {},
) {
  let settings = initial;
  const calls: SettingsCall[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json();
    calls.push({
      method: request.method,
      path: url.pathname.replace(apiPath(''), ''),
      search: url.search,
      body,
    });
    return { url, body: body as Record<string, string> };
  };
  const answer = () =>
    options.failChanges
      ? HttpResponse.json(
          { message: options.failChanges.message ?? 'boom' },
          { status: options.failChanges.status },
        )
      : HttpResponse.json(settings);

  server.use(
    http.get(apiPath('/account/settings'), async ({ request }) => {
      await record(request);
      return options.failRead
        ? HttpResponse.json({ message: 'boom' }, { status: 500 })
        : HttpResponse.json(settings);
    }),
    http.put(apiPath('/account/settings/aws'), async ({ request }) => {
      const { body } = await record(request);
      if (!options.failChanges) {
        settings = {
          ...settings,
          source: 'user',
          account_id: body.account_id,
          aws_region: body.aws_region,
          role_arn: `arn:aws:iam::${body.account_id}:role/HI-VQE-Access-Role`,
          external_id: settings.external_id ?? EXTERNAL_ID,
        };
      }
      return answer();
    }),
    http.put(apiPath('/account/settings/iqm'), async ({ request }) => {
      const { body } = await record(request);
      if (!options.failChanges) settings = { ...settings, iqm_api_key: `***${body.iqm_api_key.slice(-10)}` };
      return answer();
    }),
    http.delete(apiPath('/account/settings'), async ({ request }) => {
      const { url } = await record(request);
      if (!options.failChanges) {
        settings =
          url.searchParams.get('provider') === 'iqm'
            ? { ...settings, iqm_api_key: null }
            : { ...PLATFORM_SETTINGS, iqm_api_key: settings.iqm_api_key };
      }
      return answer();
    }),
    http.get(apiPath('/auth/marketplace-mapping/status'), () =>
      HttpResponse.json({ has_mapping: !!options.mapping, mapping: options.mapping ?? null }),
    ),
    http.get(apiPath('/auth/orgs/mine'), () =>
      HttpResponse.json({ organizations: options.organizations ?? [] }),
    ),
  );
  return { calls, changes: () => calls.filter((call) => call.method !== 'GET') };
}
