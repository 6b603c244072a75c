import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads start a test file faster than child processes (issue 27); every file still gets its own
    // module graph and jsdom (isolation stays on).
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Above the setup's asyncUtilTimeout, so that a slow machine fails a test only at a wait that names what it
    // waited for.
    testTimeout: 60_000,
  },
});
