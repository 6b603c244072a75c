import { defineConfig } from 'vitest/config';

/**
 * The fault suite (`npm run test:faults`): real processes on PostgreSQL (DATABASE_URL) whose database
 * connections, signals and memory are abused. Not part of `npm test`, which needs nothing installed.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['test/faults/**/*.fault.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    setupFiles: ['test/close-databases.ts'],
  },
});
