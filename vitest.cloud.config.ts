import { defineConfig } from 'vitest/config';

// The Braket job program and the AWS stand-in it runs against, which checks every request against AWS's own
// service models (Debian's python3-botocore): `npm run test:cloud`.
export default defineConfig({
  test: {
    projects: ['packages/aws-stand-in', 'apps/braket-job'],
  },
});
