import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { API_BASE, BRAND } from '@hivqe/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/client.ts';
import { Throttle } from './lib/throttle.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthRepo } from './modules/auth/repo.ts';
import { AuthService } from './modules/auth/service.ts';
import { DEFAULT_AUTH_THROTTLE, type AuthThrottleRules } from './modules/auth/throttle-rules.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { Passwords } from './modules/auth/passwords.ts';
import { mailboxRoutes } from './modules/dev/mailbox.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { makeGuards } from './plugins/authenticate.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { OutboxMailer } from './providers/mail/outbox.ts';
import type { Keyring } from './providers/secrets/keyring.ts';

export interface AppDeps {
  db: Db;
  mailer: Mailer;
  keyring: Keyring;
  passwords: Passwords;
  throttleRules?: AuthThrottleRules;
  now?: () => Date;
  /** The built web console to serve with history fallback; absent: API only. */
  webDist?: string;
  /** A pino logger; absent: silent. */
  logger?: FastifyBaseLogger;
  trustProxy?: boolean;
}

export interface App {
  app: FastifyInstance;
  auth: AuthService;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: deps.trustProxy ?? false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: `${BRAND.product} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  const repo = new AuthRepo(deps.db);
  const tokens = new TokenService(deps.keyring.derive('jwt-signing'), deps.keyring.derive('code-hmac'));
  const auth = new AuthService({
    repo,
    tokens,
    passwords: deps.passwords,
    mailer: deps.mailer,
    throttle: new Throttle(deps.now ? () => deps.now!().getTime() : Date.now),
    rules: deps.throttleRules ?? DEFAULT_AUTH_THROTTLE,
    now: deps.now,
  });
  const { requireUser } = makeGuards(repo, tokens);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes({ auth, requireUser }));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE },
  );
  if (deps.mailer instanceof OutboxMailer) await app.register(mailboxRoutes(deps.mailer));
  await registerWeb(app, deps.webDist);
  return { app, auth };
}

/** Serves the built console, falling back to index.html for client-side routes; /api stays JSON. */
async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist });
  app.setNotFoundHandler((request, reply) => {
    if (!hasWeb || request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
    }
    return reply.sendFile('index.html');
  });
}
