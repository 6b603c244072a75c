/**
 * What the OpenAPI document says of each operation (issue 28 §2): the operationId a generated client names its
 * method after, a summary and description, and the refusals particular to it. The refusals every operation of a
 * kind shares (a guard's 401/403/429, an input's 400, a body's 413/415, the database's 503) are added from the
 * route's own facts (openapi-errors.ts). Keyed by method and path below the API base, `{param}` style.
 */
export interface OperationDoc {
  operationId: string;
  summary: string;
  description: string;
  /** Statuses this operation alone may answer, beyond those of its kind. */
  refuses?: readonly number[];
}

/** What a call that reaches a customer's AWS account (Braket, S3, CloudWatch Logs) may answer for AWS. */
const CLOUD = [402, 403, 404, 409, 410, 424, 429, 502, 503, 504] as const;

const op = (
  operationId: string,
  summary: string,
  description: string,
  refuses: readonly number[] = [],
): OperationDoc => ({ operationId, summary, description, refuses });

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /health': op(
    'getHealth',
    'Liveness',
    'Answers while the process runs; touches neither database nor network.',
  ),
  'GET /health/live': op(
    'getLiveness',
    'Liveness (alias)',
    'The same answer as `GET /health`, for probes that expect `/live`.',
  ),
  'GET /health/ready': op(
    'getReadiness',
    'Readiness',
    'Answers 200 once the database answers; 503 with `Retry-After` while it cannot be reached.',
  ),

  'POST /auth/register': op(
    'register',
    'Create an account',
    'Creates an account and e-mails a 6-digit code that confirms the address. Throttled per address.',
    [429],
  ),
  'POST /auth/confirm-email': op(
    'confirmEmail',
    'Confirm an e-mail address',
    'Confirms the address with the e-mailed code.',
    [429],
  ),
  'POST /auth/resend-confirmation': op(
    'resendConfirmation',
    'Send the confirmation code again',
    'Mails a new confirmation code; the same answer whether or not the address has an account.',
    [429],
  ),
  'POST /auth/forgot-password': op(
    'forgotPassword',
    'Ask for a password reset',
    'Mails a reset code and link; the same answer whether or not the address has an account.',
    [429],
  ),
  'POST /auth/confirm-forgot-password': op(
    'confirmForgotPassword',
    'Reset a password with the mailed code',
    'Sets a new password with the code of a reset mail.',
    [429],
  ),
  'POST /auth/reset-password-with-link': op(
    'resetPasswordWithLink',
    'Reset a password with the mailed link',
    "Sets a new password with the token of a reset mail's link.",
    [429],
  ),
  'POST /auth/change-password': op(
    'changePassword',
    'Change the password',
    'Changes the password of the signed-in user.',
  ),
  'POST /auth/login': op(
    'signIn',
    'Sign in',
    'Checks e-mail and password and answers an access token (15 minutes) and a refresh token cookie.',
    [401, 403, 429],
  ),
  'POST /auth/complete-new-password': op(
    'completeNewPassword',
    'Set the first password',
    'Completes a sign-in that requires a new password (an account created by an administrator).',
    [401, 403, 429],
  ),
  'POST /auth/refresh': op(
    'refreshSession',
    'Refresh the access token',
    'Exchanges the refresh token (cookie) for a new access token; the refresh token rotates.',
    [401],
  ),
  'POST /auth/logout': op('signOut', 'Sign out', 'Ends the session and revokes its refresh token.'),
  'POST /auth/re-authenticate': op(
    'reAuthenticate',
    'Check the password again',
    'Answers a short-lived re-authentication token that account deletion requires.',
  ),
  'DELETE /auth/me': op(
    'deleteAccount',
    'Delete the account',
    "Deletes the signed-in user's account and everything it owns; needs a fresh re-authentication token.",
    [409],
  ),
  'GET /auth/me': op('getMe', 'Who am I', 'The signed-in user: e-mail, name, roles.'),
  'GET /auth/me/permissions': op('getMyPermissions', 'My permissions', 'What the signed-in user may do.'),
  'GET /auth/history': op(
    'listMySignIns',
    'My authentication history',
    "The signed-in user's sign-ins and sign-outs.",
  ),
  'GET /auth/me/profile': op('getProfile', 'Read the profile', "The signed-in user's profile."),
  'POST /auth/me/profile': op(
    'updateProfile',
    'Update the profile',
    "Changes the signed-in user's name and details.",
  ),

  'POST /auth/orgs': op(
    'createOrganization',
    'Create an organization',
    'Creates an organization owned by the caller. Accepts `Idempotency-Key`.',
  ),
  'GET /auth/orgs/mine': op(
    'listMyOrganizations',
    'My organizations',
    'The organizations the caller belongs to, with roles.',
  ),
  'DELETE /auth/orgs/{orgId}': op(
    'deleteOrganization',
    'Delete an organization',
    'Deletes an organization (its owner only).',
    [404, 409],
  ),
  'PATCH /auth/orgs/{orgId}': op(
    'renameOrganization',
    'Rename an organization',
    'Renames an organization (its owner only).',
    [404, 409],
  ),
  'GET /auth/orgs/{orgId}/members': op(
    'listOrganizationMembers',
    'List members',
    "An organization's members and their job permission.",
    [404],
  ),
  'POST /auth/orgs/{orgId}/members': op(
    'addOrganizationMember',
    'Add a member',
    'Adds a registered user or invites an address to the organization (202: an invitation was sent).',
    [404, 409],
  ),
  'DELETE /auth/orgs/{orgId}/members/me': op(
    'leaveOrganization',
    'Leave an organization',
    'The caller leaves the organization.',
    [404, 409],
  ),
  'DELETE /auth/orgs/{orgId}/members/{member}': op(
    'removeOrganizationMember',
    'Remove a member',
    'Removes a member from the organization.',
    [404, 409],
  ),
  'PATCH /auth/orgs/{orgId}/members/{member}': op(
    'changeMemberRole',
    "Change a member's role",
    "Changes a member's role; making someone owner opens an ownership transfer (202).",
    [404, 409],
  ),
  'PATCH /auth/orgs/{orgId}/members/{member}/permissions': op(
    'setMemberJobPermission',
    "Set a member's job permission",
    'Allows or forbids a member to run jobs paid by the organization.',
    [404, 409],
  ),
  'POST /auth/orgs/{orgId}/transfer-request': op(
    'requestOwnershipTransfer',
    'Offer ownership',
    'The owner offers ownership to a member, who must accept.',
    [404, 409],
  ),
  'DELETE /auth/orgs/{orgId}/transfer-request': op(
    'cancelOwnershipTransfer',
    'Withdraw an ownership offer',
    'The owner withdraws a pending offer.',
    [404, 409],
  ),
  'POST /auth/orgs/{orgId}/transfer-request/accept': op(
    'acceptOwnershipTransfer',
    'Accept ownership',
    'The member offered ownership accepts it.',
    [404, 409],
  ),
  'POST /auth/orgs/{orgId}/transfer-request/decline': op(
    'declineOwnershipTransfer',
    'Decline ownership',
    'The member offered ownership declines it.',
    [404, 409],
  ),

  'GET /auth/invites': op(
    'listInvitations',
    'List invitations',
    'Invitations the caller may see (administrators: all). The spec spells the path `/auth/invites/`; both answer.',
  ),
  'GET /auth/invites/mine': op(
    'listMyInvitations',
    'My invitations',
    'Pending invitations addressed to the caller.',
  ),
  'POST /auth/invites/{inviteId}/accept': op(
    'acceptInvitation',
    'Accept an invitation',
    'The invited, signed-in user joins the organization.',
    [404, 409],
  ),
  'POST /auth/invites/{inviteId}/decline': op(
    'declineInvitation',
    'Decline an invitation',
    'The invited user declines.',
    [404, 409],
  ),
  'POST /auth/invites/system': op(
    'inviteToSystem',
    'Invite someone to the console',
    'A system administrator invites an address. Accepts `Idempotency-Key`.',
    [404, 409],
  ),
  'POST /auth/invites/organization': op(
    'inviteToOrganization',
    'Invite someone to an organization',
    "An organization's owner invites an address. Accepts `Idempotency-Key`.",
    [404],
  ),
  'POST /auth/invites/{inviteId}/cancel': op(
    'cancelInvitation',
    'Cancel an invitation',
    'Its sender or an administrator cancels a pending invitation.',
    [404, 409],
  ),
  'POST /auth/invites/{inviteId}/resend': op(
    'resendInvitation',
    'Resend an invitation',
    'Mails a pending invitation again with a new link.',
    [404, 409],
  ),
  'POST /auth/invites/lookup': op(
    'lookUpInvitation',
    'Read an invitation by its link',
    "What an invitation link's token invites to (before signing up).",
    [409, 429],
  ),
  'POST /auth/invites/accept': op(
    'acceptInvitationByLink',
    'Accept an invitation by its link',
    "Accepts with the link's token, creating the account when the address has none.",
    [403, 409, 429],
  ),

  'GET /auth/me/organization-priorities': op(
    'getPaymentPriorities',
    'Who pays, in order',
    'The ranking of permission sources that pay for the caller’s jobs.',
  ),
  'PUT /auth/me/organization-priorities': op(
    'setPaymentPriorities',
    'Rank who pays',
    'Sets the order in which permission sources pay.',
  ),
  'GET /auth/me/job-permission': op(
    'getJobPermission',
    'May I run jobs',
    'The permission source a new job would use, or why there is none.',
  ),

  'GET /auth/admin/all-users': op('listUsers', 'List users', 'Every user, for system administrators.'),
  'DELETE /auth/admin/users/{user}': op(
    'deleteUser',
    'Delete a user',
    'A system administrator deletes an account.',
    [404, 409],
  ),
  'PUT /auth/admin/users/{user}/system-admin': op(
    'setSystemAdmin',
    'Grant or revoke administration',
    'Makes a user a system administrator or not.',
    [404, 409],
  ),
  'GET /auth/admin/jobs': op(
    'listAllJobs',
    "List everyone's jobs",
    'Jobs of every user, for system administrators.',
  ),
  'GET /auth/admin/history': op(
    'listAuthHistory',
    'Authentication history',
    "Every user's sign-ins and sign-outs.",
  ),
  'GET /computing/elasticsearch/logs': op(
    'searchAuditLogs',
    'Search the audit log',
    'Audit entries by time and text, for system administrators.',
  ),
  'GET /api/v1/computing/elasticsearch/logs': op(
    'searchAuditLogsLegacyPath',
    'Search the audit log (the spec’s doubled path)',
    'The same as `GET /computing/elasticsearch/logs`; the spec names this path.',
  ),

  'GET /hi-vqe/hybrid-jobs': op(
    'listHybridJobs',
    'List hybrid jobs',
    'The caller’s jobs, newest first, a page at a time (`next_token` or `page`); administrators may name a user.',
    [404],
  ),
  'POST /hi-vqe/hybrid-jobs': op(
    'createHybridJob',
    'Create a hybrid job',
    'Creates a HI-VQE job (or a bond scan of jobs) on the local engine, Amazon Braket or IQM Resonance. Accepts `Idempotency-Key`.',
    CLOUD,
  ),
  'GET /hi-vqe/hybrid-jobs/job': op(
    'getHybridJob',
    'Read a hybrid job',
    'A job by its ARN, refreshed from its cloud when asked.',
    CLOUD,
  ),
  'GET /hi-vqe/hybrid-jobs/detail': op(
    'getHybridJobDetail',
    'Read a job’s details',
    'Everything the job details screen shows.',
    CLOUD,
  ),
  'POST /hi-vqe/hybrid-jobs/job/cancel': op(
    'cancelHybridJob',
    'Cancel a hybrid job',
    'Cancels a job that has not ended.',
    CLOUD,
  ),
  'GET /hi-vqe/hybrid-jobs/logs': op(
    'getHybridJobLogs',
    'Read a job’s log',
    'The job’s log lines so far.',
    CLOUD,
  ),
  'GET /hi-vqe/hybrid-jobs/metrics': op(
    'getHybridJobMetrics',
    'Read a job’s convergence',
    'The energy per iteration the monitor charts.',
    CLOUD,
  ),
  'GET /hi-vqe/hybrid-jobs/result': op(
    'getJobResult',
    'Read or download a job’s result',
    'The result document as JSON, or the history as CSV (`format=csv` or `Accept: text/csv`).',
    CLOUD,
  ),
  'GET /hi-vqe/hybrid-jobs/scan': op(
    'getScan',
    'Read a bond scan',
    'A scan’s jobs and its energy curve, by `scan_id`; with `format=csv|json` (or `Accept: text/csv`) the curve as the file the console saves.',
    [404],
  ),
  'POST /hi-vqe/hybrid-jobs/scan/cancel': op(
    'cancelScan',
    'Cancel a bond scan',
    'Cancels every job of the scan that has not ended.',
    [404, 409],
  ),
  'GET /hi-vqe/iqm-jobs': op(
    'listIqmJobs',
    'List IQM jobs',
    'Circuit jobs run on IQM Resonance, for system administrators.',
  ),
  'POST /hi-vqe/iqm-jobs': op(
    'createIqmJob',
    'Create an IQM job',
    'Runs a circuit job on IQM Resonance (system administrators).',
    [409],
  ),
  'GET /hi-vqe/iqm-jobs/{id}': op('getIqmJob', 'Read an IQM job', 'An IQM job by id.', [404]),
  'GET /hi-vqe/iqm-jobs/{id}/result': op(
    'getIqmJobResult',
    'Read an IQM job’s result',
    'The counts of a finished IQM job.',
    [404, 409],
  ),

  'GET /account/settings': op(
    'getAccountSettings',
    'Read cloud settings',
    'The caller’s AWS and IQM settings (secrets never returned).',
    [404],
  ),
  'POST /account/settings': op(
    'createAccountSettings',
    'Save cloud settings',
    'Saves the caller’s AWS account and IQM settings.',
    [409],
  ),
  'PUT /account/settings': op(
    'replaceAccountSettings',
    'Replace cloud settings',
    'Replaces the caller’s AWS account and IQM settings.',
    [404, 409],
  ),
  'DELETE /account/settings': op(
    'deleteAccountSettings',
    'Delete cloud settings',
    'Forgets the caller’s cloud settings.',
    [404],
  ),
  'PUT /account/settings/aws': op(
    'setAwsSettings',
    'Save the AWS account',
    'Sets the AWS account and access role jobs run in.',
    [404, 409],
  ),
  'PUT /account/settings/iqm': op(
    'setIqmSettings',
    'Save the IQM token',
    'Sets the IQM Resonance token (stored sealed).',
    [404],
  ),
  'POST /account/settings/aws/test': op(
    'testAwsConnection',
    'Test the AWS connection',
    'Assumes the access role and reads Braket, as a job would.',
    [404, 409, 502, 503, 504],
  ),
  'GET /account/api-tokens': op(
    'listApiTokens',
    'List API tokens',
    'The caller’s personal access tokens, with last use.',
  ),
  'POST /account/api-tokens': op(
    'createApiToken',
    'Create an API token',
    'Creates a personal access token (shown once) with a name, scope and expiry.',
    [409],
  ),
  'DELETE /account/api-tokens/{id}': op(
    'revokeApiToken',
    'Revoke an API token',
    'Revokes one of the caller’s tokens at once.',
    [404],
  ),
  'GET /auth/admin/users/{user}/api-tokens': op(
    'listUserApiTokens',
    "List a user's API tokens",
    'A system administrator lists any user’s tokens.',
    [404],
  ),
  'DELETE /auth/admin/users/{user}/api-tokens/{id}': op(
    'revokeUserApiToken',
    "Revoke a user's API token",
    'A system administrator revokes any user’s token.',
    [404],
  ),

  'POST /marketplace/register': op(
    'registerMarketplaceCustomer',
    'Land from AWS Marketplace',
    'AWS Marketplace posts the registration token here; answers where the buyer goes next.',
    [403, 503],
  ),
  'GET /auth/marketplace-mapping/status': op(
    'getMarketplaceLinkStatus',
    'Marketplace link status',
    'Whether a pending Marketplace subscription awaits this account.',
    [404],
  ),
  'POST /auth/marketplace-mapping/complete': op(
    'linkMarketplaceSubscription',
    'Link a Marketplace subscription',
    'Links the pending subscription to the caller’s account.',
    [404, 409],
  ),
  'GET /marketplace/subscription': op(
    'getMarketplaceSubscription',
    'Read my subscription',
    'The caller’s subscription and its state.',
  ),
  'POST /marketplace/simulated-subscription': op(
    'simulateSubscription',
    'Start a simulated subscription',
    'The local marketplace only: subscribes the caller.',
    [404],
  ),
  'DELETE /marketplace/simulated-subscription': op(
    'endSimulatedSubscription',
    'End a simulated subscription',
    'The local marketplace only: unsubscribes the caller.',
    [404],
  ),
  'PUT /marketplace/simulated-subscriptions/{user}': op(
    'simulateUserSubscription',
    "Start a user's simulated subscription",
    'The local marketplace only, administrators.',
    [404],
  ),
  'DELETE /marketplace/simulated-subscriptions/{user}': op(
    'endUserSimulatedSubscription',
    "End a user's simulated subscription",
    'The local marketplace only, administrators.',
    [404],
  ),
};
