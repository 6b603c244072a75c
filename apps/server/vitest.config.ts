import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Against the AWS stand-in, which needs python3-botocore: the cloud suite runs them.
    exclude: ['**/node_modules/**', '**/*.cloud.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
