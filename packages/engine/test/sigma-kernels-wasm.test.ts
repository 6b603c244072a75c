import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULE_PATH, sigmaKernelsModule } from '../scripts/build-wasm.ts';

describe("the engine's WebAssembly", () => {
  it('is built from its source: the committed module is what scripts/build-wasm.ts makes of the .wat', async () => {
    expect(readFileSync(MODULE_PATH, 'utf8')).toBe(await sigmaKernelsModule());
  });
});
