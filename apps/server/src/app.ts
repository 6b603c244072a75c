import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { API_BASE } from '@hivqe/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client.ts';
import type { BackoffRule } from './lib/backoff.ts';
import { Throttle } from './lib/throttle.ts';
import { IqmKeys } from './modules/account/iqm-keys.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { AccountSettingsRepo } from './modules/account/repo.ts';
import { AccountSettingsService } from './modules/account/service.ts';
import { PROVIDER_SETTINGS_BOX } from './modules/account/sealed-fields.ts';
import { AccountRemoval } from './modules/admin/account-removal.ts';
import { ApiTokensRepo } from './modules/api-tokens/repo.ts';
import { apiTokenRoutes } from './modules/api-tokens/routes.ts';
import { ApiTokens } from './modules/api-tokens/service.ts';
import { AdminRepo } from './modules/admin/repo.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { AdminService } from './modules/admin/service.ts';
import { AuditRepo } from './modules/audit/repo.ts';
import { AuditLog } from './modules/audit/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthRepo } from './modules/auth/repo.ts';
import { AuthService } from './modules/auth/service.ts';
import { DeviceCookies } from './modules/auth/device-cookie.ts';
import { LiveSessions } from './modules/auth/live-sessions.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { listenForChanges } from './db/change-events.ts';
import { JobListCache } from './modules/jobs/list-cache.ts';
import { SignInGuard } from './modules/auth/sign-in-guard.ts';
import {
  DEFAULT_AUTH_THROTTLE,
  DEFAULT_SIGN_IN_BACKOFF,
  type AuthThrottleRules,
} from './modules/auth/throttle-rules.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { Passwords } from './modules/auth/passwords.ts';
import { mailboxRoutes } from './modules/dev/mailbox.ts';
import { subscribedOrAdmin } from './modules/mail-budget/message-policy.ts';
import { MailSendsRepo } from './modules/mail-budget/repo.ts';
import { DEFAULT_MAIL_BUDGET, type MailBudgetRules } from './modules/mail-budget/rules.ts';
import { MailBudget } from './modules/mail-budget/service.ts';
import { Readiness } from './modules/health/readiness.ts';
import { HealthRepo } from './modules/health/repo.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { InvitesRepo } from './modules/invites/repo.ts';
import { idempotentCreates } from './modules/idempotency/idempotent-route.ts';
import { IdempotencyRepo } from './modules/idempotency/repo.ts';
import { IdempotencyService } from './modules/idempotency/service.ts';
import { invitesRoutes } from './modules/invites/routes.ts';
import { iqmJobsRoutes } from './modules/jobs/iqm-routes.ts';
import { JobsRepo } from './modules/jobs/repo.ts';
import { hybridJobsRoutes } from './modules/jobs/routes.ts';
import { scansRoutes } from './modules/jobs/scans-routes.ts';
import { ScansService } from './modules/jobs/scans-service.ts';
import type { JobLimits } from './modules/jobs/job-limits.ts';
import { JobsService } from './modules/jobs/service.ts';
import { InvitesService } from './modules/invites/service.ts';
import { logsRoutes } from './modules/logs/routes.ts';
import { MarketplaceRepo } from './modules/marketplace/repo.ts';
import { marketplaceRoutes } from './modules/marketplace/routes.ts';
import { MarketplaceService } from './modules/marketplace/service.ts';
import { SubscriptionStates } from './modules/marketplace/states.ts';
import { OrgsRepo } from './modules/orgs/repo.ts';
import { orgsRoutes } from './modules/orgs/routes.ts';
import { OrgsService } from './modules/orgs/service.ts';
import { PrioritiesRepo } from './modules/priorities/repo.ts';
import { prioritiesRoutes } from './modules/priorities/routes.ts';
import { PrioritiesService } from './modules/priorities/service.ts';
import { SubscriptionsRepo } from './modules/priorities/subscriptions.ts';
import { makeGuards } from './plugins/authenticate.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerRateLimitHeaders } from './plugins/rate-limit-headers.ts';
import { documentOperations, openapiOptions } from './plugins/openapi-document.ts';
import { markGuardedOperations } from './plugins/openapi-security.ts';
import { requestLogger } from './plugins/request-log.ts';
import { registerRequestTextCheck } from './plugins/request-text.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { frameworkErrorAnswer, registerSecurityHeaders } from './plugins/security-headers.ts';
import type { AwsCallSettings } from './providers/aws/client-config.ts';
import type { RoleAccessChecker } from './providers/aws/role-access.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { LocalMarketplace } from './providers/marketplace/local-marketplace.ts';
import type { MarketplaceProvider } from './providers/marketplace/marketplace.ts';
import { OutboxMailer } from './providers/mail/outbox.ts';
import { createBackends } from './providers/quantum/create-backends.ts';
import type { Keyring } from './providers/secrets/keyring.ts';
import { fastifyTrustProxy } from './startup/trust-proxy.ts';
import type { RunnerControl } from './worker/local-runner.ts';

export interface AppDeps {
  db: Db;
  mailer: Mailer;
  keyring: Keyring;
  passwords: Passwords;
  throttleRules?: AuthThrottleRules;
  /** How many mails users may cause (issue 24, 2); absent: the default. */
  mailBudget?: MailBudgetRules;
  /** Per-account back-off of password checks from browsers without a device cookie; absent: the default. */
  signInBackoff?: BackoffRule;
  now?: () => Date;
  /** The built web console to serve with history fallback; absent: API only. */
  webDist?: string;
  /** A pino logger; absent: silent. */
  logger?: FastifyBaseLogger;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For sets request.ip (hop count or addresses); absent: none. */
  trustProxy?: boolean | number | string[];
  /** Accounts in this e-mail domain are the company's own (direct execution); absent: none. */
  internalEmailDomain?: string;
  /** Names the internal domain's permission source: `${companyName}_domain`. */
  companyName?: string;
  /** Where the console is reached, for links in e-mails. */
  publicUrl?: string;
  /** The job runner of this process, when it runs one (WORKERS > 0). */
  jobRunner?: RunnerControl;
  /** MAX_ACTIVE_JOBS_PER_USER and WORKER_MEMORY_MB; absent: 20 and half this machine's memory. */
  jobLimits?: JobLimits;
  /** Where new hybrid jobs go (JOB_BACKEND); absent: local. */
  jobBackend?: 'local' | 'braket';
  /** IQM_BASE_URL is set: new IQM jobs take their shots from IQM Resonance (their runners call it). */
  iqmConfigured?: boolean;
  /**
   * BRAKET_CONTAINER_IMAGE and BRAKET_EXECUTION_ROLE_NAME, required with jobBackend 'braket'; `calls`: the AWS
   * calls' timeouts and attempts (AWS_*), and BRAKET_ENDPOINT_URL.
   */
  braket?: { containerImage: string; executionRoleName: string; calls?: Partial<AwsCallSettings> };
  /** AWS_REGION of the platform's own clients (STS); absent: us-east-1. */
  awsRegion?: string;
  /** The account in the ARNs of local jobs; absent: 000000000000. */
  localAccountId?: string;
  /** MARKETPLACE: AWS Marketplace or the embedded one; absent: the local marketplace. */
  marketplace?: MarketplaceProvider;
  /** PLATFORM_AWS_ACCOUNT_ID, the principal customers' access roles trust; absent: 000000000000. */
  platformAwsAccountId?: string;
  /** Assumes customers' roles (Test connection) when jobs run on Braket; absent: not offered. */
  roleAccess?: RoleAccessChecker;
}

export interface App {
  app: FastifyInstance;
  auth: AuthService;
  /** Marketplace subscription states, for the notification poller and the entitlement sync. */
  marketplaceStates: SubscriptionStates;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: requestLogger(deps.logger) } : { logger: false }),
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    frameworkErrors: frameworkErrorAnswer(deps.publicUrl ?? 'http://localhost:8080'),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Synchronous hooks here and in the plugins below: every request runs them, and a promise per hook costs.
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandling(app);
  await registerRateLimitHeaders(app);
  registerRequestTextCheck(app);
  registerSecurityHeaders(app, { publicUrl: deps.publicUrl ?? 'http://localhost:8080' });
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, openapiOptions(deps.publicUrl ?? 'http://localhost:8080'));

  const sessionCache = new SessionCache();
  const jobLists = new JobListCache();
  const changes = await listenForChanges(
    deps.db,
    [sessionCache.listener(), jobLists.listener()],
    deps.logger,
  );
  app.addHook('onClose', () => changes.close());
  const repo = new AuthRepo(deps.db, sessionCache);
  const tokens = new TokenService(deps.keyring.derive('jwt-signing'), deps.keyring.derive('code-hmac'));
  const audit = new AuditLog(new AuditRepo(deps.db));
  const orgs = new OrgsService({ repo: new OrgsRepo(deps.db), audit, now: deps.now });
  const idempotency = new IdempotencyService({ repo: new IdempotencyRepo(deps.db), now: deps.now });
  const idempotent = idempotentCreates(idempotency);
  const adminRepo = new AdminRepo(deps.db);
  const removal = new AccountRemoval({ repo: adminRepo, audit });
  const admin = new AdminService({ repo: adminRepo, removal, audit });
  const nowMs = deps.now ? () => deps.now!().getTime() : Date.now;
  const throttleRules = deps.throttleRules ?? DEFAULT_AUTH_THROTTLE;
  const signIn = new SignInGuard(
    new DeviceCookies(deps.keyring.derive('device-cookie'), nowMs),
    {
      perDevice: throttleRules.signInPerDevice,
      perAddress: throttleRules.signInPerIp,
      perAccount: deps.signInBackoff ?? DEFAULT_SIGN_IN_BACKOFF,
    },
    nowMs,
  );
  const mailBudget = new MailBudget({
    repo: new MailSendsRepo(deps.db),
    rules: deps.mailBudget ?? DEFAULT_MAIL_BUDGET,
    mayWriteInvitationMessage: subscribedOrAdmin(
      new SubscriptionsRepo(deps.db),
      deps.now ?? (() => new Date()),
    ),
    now: deps.now ?? (() => new Date()),
  });
  const invites = new InvitesService({
    repo: new InvitesRepo(deps.db),
    mailBudget,
    tokens,
    passwords: deps.passwords,
    signIn,
    mailer: deps.mailer,
    audit,
    publicUrl: deps.publicUrl ?? 'http://localhost:8080',
    now: deps.now,
  });
  const priorities = new PrioritiesService({
    repo: new PrioritiesRepo(deps.db),
    subscriptions: new SubscriptionsRepo(deps.db),
    users: repo,
    audit,
    internalEmailDomain: deps.internalEmailDomain,
    companyName: deps.companyName ?? 'qunova',
    now: deps.now,
  });
  const auth = new AuthService({
    repo,
    accountRemoval: removal,
    organizationRoles: (userId) => orgs.rolesOf(userId),
    tokens,
    passwords: deps.passwords,
    mailer: deps.mailer,
    throttle: new Throttle(nowMs),
    rules: throttleRules,
    signIn,
    mailBudget,
    publicUrl: deps.publicUrl ?? 'http://localhost:8080',
    now: deps.now,
  });
  const localAccountId = deps.localAccountId ?? '000000000000';
  const settingsRepo = new AccountSettingsRepo(deps.db);
  const providerSettingsBox = deps.keyring.box(PROVIDER_SETTINGS_BOX);
  const accountSettings = new AccountSettingsService({
    repo: settingsRepo,
    users: repo,
    box: providerSettingsBox,
    audit,
    platformAccountId: deps.platformAwsAccountId ?? '000000000000',
    // Without settings of their own, users' jobs run in the platform's account, with the local back end only.
    platformDefaultAccountId: (deps.jobBackend ?? 'local') === 'local' ? localAccountId : null,
    roleAccess: deps.roleAccess,
    hybridJobBackend: deps.jobBackend ?? 'local',
  });
  const marketplaceProvider = deps.marketplace ?? new LocalMarketplace();
  const marketplaceRepo = new MarketplaceRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const marketplaceStates = new SubscriptionStates({
    repo: marketplaceRepo,
    subscriptions: new SubscriptionsRepo(deps.db),
    marketplace: marketplaceProvider,
    now,
    log: deps.logger,
  });
  const marketplace = new MarketplaceService({
    repo: marketplaceRepo,
    states: marketplaceStates,
    marketplace: marketplaceProvider,
    audit,
    now,
    log: deps.logger,
  });
  const jobsRepo = new JobsRepo(deps.db);
  const backends = createBackends(deps.db, {
    jobBackend: deps.jobBackend ?? 'local',
    localAccountId,
    runner: deps.jobRunner,
    iqmKeys: deps.iqmConfigured ? new IqmKeys(settingsRepo, providerSettingsBox) : undefined,
    braket:
      deps.jobBackend === 'braket' && deps.braket
        ? {
            ...deps.braket,
            accounts: accountSettings,
            platformAccountId: deps.platformAwsAccountId ?? '000000000000',
            stsRegion: deps.awsRegion ?? 'us-east-1',
          }
        : undefined,
  });
  const jobs = new JobsService({
    repo: jobsRepo,
    users: repo,
    backends,
    permissions: priorities,
    audit,
    idempotency,
    lists: { cache: jobLists, changes },
    limits: deps.jobLimits,
    now: deps.now,
    log: deps.logger,
  });
  const scans = new ScansService({ repo: jobsRepo, backends, audit });
  const apiTokens = new ApiTokens({
    repo: new ApiTokensRepo(deps.db),
    users: repo,
    audit,
    guessesPerAddress: throttleRules.signInPerIp,
    now: deps.now,
  });
  const { requireUser, requireAdmin } = makeGuards(
    new LiveSessions(repo, sessionCache, changes),
    tokens,
    apiTokens,
    now,
  );
  markGuardedOperations(app, [requireUser, requireAdmin]);
  documentOperations(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ readiness: new Readiness(new HealthRepo(deps.db)) }));
      await api.register(
        authRoutes({
          auth,
          requireUser,
          secureCookies: deps.publicUrl?.startsWith('https:') ? true : 'auto',
        }),
      );
      await api.register(orgsRoutes({ orgs, invites, requireUser, idempotent }));
      await api.register(invitesRoutes({ invites, requireUser, requireAdmin, idempotent }));
      await api.register(prioritiesRoutes({ priorities, requireUser }));
      await api.register(adminRoutes({ admin, requireAdmin }));
      await api.register(logsRoutes({ audit, requireAdmin }));
      await api.register(hybridJobsRoutes({ jobs, requireUser }));
      await api.register(scansRoutes({ scans, requireUser }));
      await api.register(iqmJobsRoutes({ jobs, requireAdmin }));
      await api.register(accountRoutes({ settings: accountSettings, requireUser }));
      await api.register(apiTokenRoutes({ apiTokens, requireUser, requireAdmin }));
      await api.register(marketplaceRoutes({ marketplace, requireUser, requireAdmin }));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE },
  );
  if (deps.mailer instanceof OutboxMailer) await app.register(mailboxRoutes(deps.mailer));
  await registerWeb(app, deps.webDist);
  return { app, auth, marketplaceStates };
}

/** Serves the built console, falling back to index.html for client-side routes; /api stays JSON. */
async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // The build leaves .br and .gz beside each file; the smallest the client accepts is sent.
      preCompressed: true,
      // Set below: send's own header (max-age=0) would overwrite ours.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader('Vary', 'Accept-Encoding');
        // Vite names every asset after its content hash: a changed file is a new name.
        const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!hasWeb || request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        code: 'route_not_found',
      });
    }
    return reply.sendFile('index.html');
  });
}
