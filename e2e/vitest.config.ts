import { defineConfig } from 'vitest/config';

/** The browser suite: a console server per test file, Debian's Chromium driven by playwright-core. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
