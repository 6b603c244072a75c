#!/usr/bin/env node
// Runs the TypeScript CLI directly (tsx), so `npx hivqe` works in the repository without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
