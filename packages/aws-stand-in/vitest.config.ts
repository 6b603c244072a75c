import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'aws-stand-in',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
