import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Against the AWS stand-in, which needs python3-botocore: the cloud suite runs them.
    exclude: ['**/node_modules/**', '**/*.cloud.test.ts'],
    globalSetup: ['test/pglite-template.ts'],
    setupFiles: ['test/close-databases.ts'],
    // The files of a worker share one module graph (issue 27): importing the app's afresh for each file cost
    // about 3 s a file, a third of the project's time. Tests keep no state in modules; each builds its own app
    // and database, and the engine's reference cache is passed in where a test counts CASCI runs.
    isolate: false,
    // Above test/job-flows.ts WORK_CEILING_MS: a test waiting for a job fails at its own wait, which names what
    // it waited for, and only on a machine far slower than a loaded laptop (issue 27).
    testTimeout: 660_000,
    hookTimeout: 120_000,
  },
});
