import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.url().optional();
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Every environment variable the server reads, parsed once at start. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  SMTP_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  MAIL_FROM: z.string().default('HI-VQE Console <no-reply@hivqe.local>'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('admin@hivqe.local')),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  INTERNAL_EMAIL_DOMAIN: z.preprocess(emptyAsUndefined, z.string().optional()),
  COMPANY_NAME: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9_]+$/i)
      .default('qunova'),
  ),
  SECRETS_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i)
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string; dataDir: string };

export class ConfigError extends Error {}

/** Parses the environment; an invalid variable stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  };
}
