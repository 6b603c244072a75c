import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    // The files of a worker share one module graph (issue 27); a test that counts CASCI runs passes its own
    // reference cache.
    isolate: false,
  },
});
