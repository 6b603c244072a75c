import { maskApiKey, type AccountSettingsResponse, type HybridJobBackend } from '@hivqe/contract';
import type { CloudAccount } from './service.ts';

export interface SettingsFacts {
  email: string;
  cloud: CloudAccount | null;
  iqmKeyLast10: string | null;
  platformAccountId: string;
  connectionTestAvailable: boolean;
  hybridJobBackend: HybridJobBackend;
}

/** The API shape of a user's settings: the IQM key only as '***' and its last 10 characters. */
export function presentSettings(facts: SettingsFacts): AccountSettingsResponse {
  const { cloud } = facts;
  return {
    user_email: facts.email,
    source: cloud?.source ?? null,
    account_id: cloud?.accountId ?? null,
    aws_region: cloud?.region ?? null,
    role_arn: cloud?.roleArn ?? null,
    external_id: cloud?.externalId ?? null,
    iqm_api_key: facts.iqmKeyLast10 === null ? null : maskApiKey(facts.iqmKeyLast10),
    platform_account_id: facts.platformAccountId,
    connection_test_available: facts.connectionTestAvailable,
    hybrid_job_backend: facts.hybridJobBackend,
  };
}
