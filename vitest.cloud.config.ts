import { defineConfig } from 'vitest/config';

// The Braket job program and the AWS stand-in it runs against, which checks every request against AWS's own
// service models (Debian's python3-botocore), and the console's tests against that stand-in
// (`*.cloud.test.ts`): `npm run test:cloud`.
export default defineConfig({
  test: {
    projects: [
      'packages/aws-stand-in',
      'apps/braket-job',
      {
        test: {
          name: 'server-cloud',
          root: 'apps/server',
          include: ['src/**/*.cloud.test.ts'],
          globalSetup: ['test/pglite-template.ts'],
          setupFiles: ['test/close-databases.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
