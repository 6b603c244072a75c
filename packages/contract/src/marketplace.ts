import { z } from 'zod';
import { BRAND } from './brand.ts';

/** AWS Marketplace linkage (accounts.md 2.3, 2.9, 3, 4.1, 7.4, 9; cloud-services.md). */

export const MARKETPLACE_MODES = ['local', 'aws'] as const;
export type MarketplaceMode = (typeof MARKETPLACE_MODES)[number];

/** The form field of the marketplace's POST to the registration URL. */
export const MARKETPLACE_TOKEN_FIELD = 'x-amzn-marketplace-token';
/** The registration URL, under the API base. */
export const MARKETPLACE_REGISTER_PATH = '/marketplace/register';
/** The local marketplace resolves tokens of the form local-<customer>. */
export const LOCAL_MARKETPLACE_TOKEN_PREFIX = 'local-';

export const MAPPING_COOKIE = 'marketplace_mapping_id';
/** The cookie's life, and how long a registration waits to be linked (spec 9: 4 hours). */
export const MAPPING_COOKIE_MAX_AGE_SECONDS = 4 * 60 * 60;

export const MARKETPLACE_MESSAGES = {
  tokenMissing: `The ${BRAND.marketplace} registration token (${MARKETPLACE_TOKEN_FIELD}) is missing.`,
  tokenInvalid: `The ${BRAND.marketplace} registration token is invalid or expired. Open the product from ${BRAND.marketplace} again.`,
  wrongProduct: `This ${BRAND.marketplace} registration is for another product.`,
  unavailable: `${BRAND.marketplace} could not be reached. Please try again in a few minutes.`,
  mappingNotFound: `This ${BRAND.marketplace} registration does not exist or has expired. Open the product from ${BRAND.marketplace} again.`,
  linkedToOther: `This ${BRAND.marketplace} subscription is already linked to another account.`,
  userHasOther: `Your account is already linked to another ${BRAND.marketplace} subscription.`,
  linked: `Your ${BRAND.marketplace} subscription is linked to your account.`,
  alreadyLinked: `Your ${BRAND.marketplace} subscription was already linked to your account.`,
  simulationOnlyLocal: `Simulated subscriptions exist only with the local marketplace; subscribe in ${BRAND.marketplace}.`,
  simulatedStarted: 'Simulated subscription started.',
  simulatedCancelled: 'Simulated subscription cancelled.',
  noSubscription: 'You have no subscription to cancel.',
  userHasNoSubscription: 'This user has no subscription to cancel.',
  simulatedGranted: 'Simulated subscription granted.',
  simulatedRevoked: "The user's simulated subscription is cancelled.",
  /** Self-service is for a local trial: the console opened on the machine the server runs on. */
  simulationTrialOnly:
    'Simulated subscriptions are self-service only in a local trial (the console opened on the machine the server runs on). Ask a system administrator to grant you one.',
  localRegistrationTrialOnly:
    'The local marketplace takes registrations only from the machine the server runs on (a local trial). Ask a system administrator to grant you a simulated subscription.',
} as const;

/** Query values that are not a mapping id (a stale or mangled link) are treated as absent. */
const optionalMappingId = z
  .string()
  .optional()
  .transform((value) => (value && z.uuid().safeParse(value).success ? value : undefined));

export const mappingStatusQuery = z.object({ mapping_id: optionalMappingId });
export type MappingStatusQuery = z.infer<typeof mappingStatusQuery>;

/** A marketplace customer linked to an account. */
export const marketplaceMapping = z.object({
  mapping_id: z.string(),
  aws_account_id: z.string(),
  customer_id: z.string(),
  product_code: z.string(),
  linked_at: z.string(),
});
export type MarketplaceMapping = z.infer<typeof marketplaceMapping>;

/** has_mapping: the caller's account is linked to a marketplace customer. */
export const mappingStatusResponse = z.object({
  has_mapping: z.boolean(),
  mapping: marketplaceMapping.nullable(),
});
export type MappingStatusResponse = z.infer<typeof mappingStatusResponse>;

export const completeMappingRequest = z.object({ mapping_id: z.uuid({ message: 'Invalid mapping id' }) });
export type CompleteMappingRequest = z.infer<typeof completeMappingRequest>;

export const completeMappingResponse = z.object({
  mapping_completed: z.boolean(),
  message: z.string(),
  mapping: marketplaceMapping,
});
export type CompleteMappingResponse = z.infer<typeof completeMappingResponse>;

/** pending: awaiting the entitlement; pending_cancel: unsubscribing, still entitled until it is processed. */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'pending_cancel', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /marketplace/subscription: the caller's own subscription, as the /marketplace page shows it. */
export const marketplaceSubscriptionResponse = z.object({
  mode: z.enum(MARKETPLACE_MODES),
  subscription: z
    .object({
      status: z.enum(SUBSCRIPTION_STATUSES),
      /** The rule job permissions use: active or pending_cancel, and not past expires_at. */
      active: z.boolean(),
      verified_at: z.string().nullable(),
      expires_at: z.string().nullable(),
      aws_account_id: z.string().nullable(),
      customer_id: z.string().nullable(),
    })
    .nullable(),
});
export type MarketplaceSubscriptionResponse = z.infer<typeof marketplaceSubscriptionResponse>;
