import { z } from 'zod';

export const API_BASE = '/api/v1';

/** `GET /health` and `GET /health/live`: the process answers (liveness); no database or network call. */
export const healthResponse = z.object({ status: z.literal('ok'), timestamp: z.string() });
export type HealthResponse = z.infer<typeof healthResponse>;

/** `GET /health/ready`: the database answered too (readiness); otherwise 503 with `Retry-After` and a message. */
export const readinessResponse = healthResponse.extend({ database: z.literal('ok') });
export type ReadinessResponse = z.infer<typeof readinessResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Trims, lower-cases and checks an e-mail address: the one form in which the server keys users. */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Invalid email address' }).max(254));
