import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Records why the job failed where Braket reads it for GetJob's failureReason (appended, as Braket's own
 * container does), and prints it for the job's log.
 */
export function recordFailure(file: string, reason: string): void {
  console.error(`Job failed: ${reason}`);
  try {
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, reason);
  } catch (error) {
    console.error(`Could not write the failure reason to ${file}: ${(error as Error).message}`);
  }
}
