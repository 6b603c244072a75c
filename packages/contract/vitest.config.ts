import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure functions: the files of a worker share one module graph (issue 27).
  test: { name: 'contract', include: ['src/**/*.test.ts'], isolate: false },
});
