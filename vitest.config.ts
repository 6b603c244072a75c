import { defineConfig } from 'vitest/config';

// `npm test` runs every project except the browser suite, which needs Debian's chromium
// (`npm run test:e2e`), and the cloud suite, which needs Debian's python3-botocore for AWS's service models
// (`npm run test:cloud`); see docs/decisions.md.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/engine', 'apps/server', 'apps/web'],
  },
});
