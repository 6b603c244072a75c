import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test` runs every project except the browser suite, which needs Debian's chromium
// (`npm run test:e2e`), and the cloud suite, which needs Debian's python3-botocore for AWS's service models
// (`npm run test:cloud`); see docs/decisions.md.
export default defineConfig({
  test: {
    // Vitest's default is one file at a time less than the cores: a single worker on a 2-core laptop. The suites
    // spend much of their time waiting (engine threads, child processes, the database), so a worker per core
    // keeps both busy (issue 27).
    maxWorkers: availableParallelism(),
    projects: ['packages/contract', 'packages/engine', 'apps/server', 'apps/web'],
  },
});
