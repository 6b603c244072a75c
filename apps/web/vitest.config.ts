import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads start faster than child processes, and the files of a worker share one module graph and
    // one jsdom (issue 27: creating them per file took more time than the tests). The setup file resets the
    // DOM, storage, handlers and timers after every test; what a module caches is keyed so that a test's stubs
    // are seen (lib/hangul.ts).
    pool: 'threads',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Above the setup's asyncUtilTimeout, so that a slow machine fails a test only at a wait that names what it
    // waited for.
    testTimeout: 60_000,
  },
});
