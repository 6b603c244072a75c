import { z } from 'zod';
import { BRAND } from './brand.ts';
import { BRAKET_REGIONS } from './jobs/regions.ts';

/** Account settings and provider credentials (accounts.md 2.9, 3, 5, 7.3, 9). */

export const AWS_ACCOUNT_ID_LENGTH = 12;
export const IQM_API_KEY_LENGTH = 64;
/** The role the customer creates in their account and the platform assumes (spec 2.9). */
export const ACCESS_ROLE_NAME = 'HI-VQE-Access-Role';
/** Provider settings stay in the browser's memory this long (spec 9). */
export const SETTINGS_CACHE_TTL_MS = 30 * 60 * 1000;

export const accessRoleArn = (accountId: string) => `arn:aws:iam::${accountId}:role/${ACCESS_ROLE_NAME}`;

export const SETTINGS_MESSAGES = {
  accountId: `Please enter a valid ${AWS_ACCOUNT_ID_LENGTH}-digit ${BRAND.cloud} Account ID.`,
  region: `Please select a region: ${BRAKET_REGIONS.join(', ')}.`,
  iqmApiKey: `Please enter a valid ${IQM_API_KEY_LENGTH}-character ${BRAND.vendor} API Key.`,
  cloudPairRequired: `${BRAND.cloud} settings need both account_id and aws_region.`,
  nothingToSave: `Send ${BRAND.cloud} settings (account_id and aws_region), an ${BRAND.vendor} API key (iqm_api_key), or both.`,
  otherUserForbidden: "Only a system administrator may read or change another user's settings.",
  userNotFound: 'User not found',
  cloudNotFound: `${BRAND.cloud} account configuration not found. Please configure your ${BRAND.cloud} account first.`,
  iqmNotFound: `${BRAND.vendor} API configuration not found. Please configure your ${BRAND.vendor} API key first.`,
  connectionTestUnavailable: `Test connection needs the ${BRAND.quantumService} back end; the local back end runs jobs on this server and assumes no role.`,
  connectionSucceeded: 'Connection successful: the role was assumed.',
} as const;

export const awsAccountId = z
  .string({ message: SETTINGS_MESSAGES.accountId })
  .regex(/^\d{12}$/, SETTINGS_MESSAGES.accountId);
export const awsRegion = z.enum(BRAKET_REGIONS, { message: SETTINGS_MESSAGES.region });
/** Exactly 64 visible characters; a key pasted with spaces or line breaks is refused, not silently changed. */
export const iqmApiKey = z
  .string({ message: SETTINGS_MESSAGES.iqmApiKey })
  .regex(/^\S{64}$/, SETTINGS_MESSAGES.iqmApiKey);

/** PUT /account/settings/aws: the cloud slot. */
export const cloudSettingsRequest = z.object({ account_id: awsAccountId, aws_region: awsRegion });
export type CloudSettingsRequest = z.infer<typeof cloudSettingsRequest>;

/** PUT /account/settings/iqm. */
export const iqmSettingsRequest = z.object({ iqm_api_key: iqmApiKey });
export type IqmSettingsRequest = z.infer<typeof iqmSettingsRequest>;

/** POST and PUT /account/settings: the cloud slot, the IQM key, or both in one call. */
export const accountSettingsRequest = z
  .object({
    account_id: awsAccountId.optional(),
    aws_region: awsRegion.optional(),
    iqm_api_key: iqmApiKey.optional(),
  })
  .refine((body) => (body.account_id === undefined) === (body.aws_region === undefined), {
    message: SETTINGS_MESSAGES.cloudPairRequired,
  })
  .refine((body) => body.account_id !== undefined || body.iqm_api_key !== undefined, {
    message: SETTINGS_MESSAGES.nothingToSave,
  });
export type AccountSettingsRequest = z.infer<typeof accountSettingsRequest>;

/** Whose settings: an empty or absent user_email means the caller's own (the console sends ''). */
export const settingsTargetQuery = z.object({
  user_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .optional()
    .transform((value) => value || undefined),
});
export type SettingsTargetQuery = z.infer<typeof settingsTargetQuery>;

export const SETTINGS_PROVIDERS = ['aws', 'iqm'] as const;
export type SettingsProvider = (typeof SETTINGS_PROVIDERS)[number];

/** DELETE /account/settings: the cloud settings unless provider=iqm (the console's cloud call names none). */
export const deleteSettingsQuery = settingsTargetQuery.extend({
  provider: z.enum(SETTINGS_PROVIDERS).default('aws'),
});
export type DeleteSettingsQuery = z.infer<typeof deleteSettingsQuery>;

/**
 * user: the user's own cloud settings; platform: none of their own, so jobs use the platform's local account
 * (local back end only); null: no cloud settings at all.
 */
export const CLOUD_SOURCES = ['user', 'platform'] as const;

/** The back ends a deployment can send new cloud jobs to (JOB_BACKEND). */
export const HYBRID_JOB_BACKENDS = ['local', 'braket'] as const;
export type HybridJobBackend = (typeof HYBRID_JOB_BACKENDS)[number];
export type CloudSource = (typeof CLOUD_SOURCES)[number];

/**
 * GET /account/settings and the answer of every change. The IQM key is only ever sent masked, '***' and its
 * last 10 characters; the external id is sent whole to its owner, who needs it in the role's trust condition.
 */
export const accountSettingsResponse = z.object({
  user_email: z.string(),
  source: z.enum(CLOUD_SOURCES).nullable(),
  account_id: z.string().nullable(),
  aws_region: z.string().nullable(),
  role_arn: z.string().nullable(),
  external_id: z.string().nullable(),
  iqm_api_key: z.string().nullable(),
  /** The platform's own account: the principal the access role trusts (the template needs it). */
  platform_account_id: z.string(),
  /** Whether POST /account/settings/aws/test can reach AWS on this deployment. */
  connection_test_available: z.boolean(),
  /**
   * Where this deployment runs new cloud jobs (JOB_BACKEND): on this server's engine, which uses no AWS
   * account or bucket, or on Amazon Braket in the user's own account.
   */
  hybrid_job_backend: z.enum(HYBRID_JOB_BACKENDS),
});
export type AccountSettingsResponse = z.infer<typeof accountSettingsResponse>;

/** POST /account/settings/aws/test: whether the platform could assume the role, or the AWS error. */
export const connectionTestResponse = z.object({ success: z.boolean(), message: z.string() });
export type ConnectionTestResponse = z.infer<typeof connectionTestResponse>;
