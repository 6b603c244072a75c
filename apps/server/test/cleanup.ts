import pino from 'pino';
import { afterEach } from 'vitest';

/** A logger for what a test starts (runners, workers) that must not write to the test output. */
export const silentLogger = pino({ level: 'silent' });

/**
 * Registers, for the calling test file, an afterEach that undoes what each test set up: the steps given to
 * the returned function run after the test, the last registered first.
 */
export function cleanupAfterEach(): (...steps: (() => Promise<unknown>)[]) => void {
  let cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });
  return (...steps) => void cleanup.push(...steps);
}
