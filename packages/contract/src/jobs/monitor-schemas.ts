import { z } from 'zod';
import { isoTimestamp } from './fields.ts';

/** What the Job Monitor reads (jobs.md 2.3, 3; engine.md 'Output'). */

export const jobLogEntry = z.object({ message: z.string(), timestamp: isoTimestamp.optional() });
export type JobLogEntry = z.infer<typeof jobLogEntry>;

/** GET /hi-vqe/hybrid-jobs/logs. */
export const hybridJobLogsResponse = z.object({
  logs: z.array(jobLogEntry),
  log_stream_name: z.string().nullable(),
  success: z.boolean(),
  message: z.string(),
});
export type HybridJobLogsResponse = z.infer<typeof hybridJobLogsResponse>;

/** One HI-VQE iteration; error = energy − exact energy, null when no exact energy is known. */
export const energyDataPoint = z.object({
  costFunctionCall: z.number().int().min(0),
  energy: z.number(),
  error: z.number().nullable(),
  numStates: z.number().int().min(0),
  timestamp: isoTimestamp,
});
export type EnergyDataPoint = z.infer<typeof energyDataPoint>;

/** GET /hi-vqe/hybrid-jobs/metrics: the convergence chart's points, in iteration order. */
export const hybridJobMetricsResponse = z.object({ job_arn: z.string(), points: z.array(energyDataPoint) });
export type HybridJobMetricsResponse = z.infer<typeof hybridJobMetricsResponse>;
