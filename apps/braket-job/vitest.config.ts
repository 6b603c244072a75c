import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'braket-job',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
