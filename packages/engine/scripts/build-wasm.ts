/**
 * Builds the engine's WebAssembly (src/ci/wasm/sigma-kernels.wat) into the TypeScript module the engine loads,
 * the binary as base64, so that it travels with the sources wherever they run (tsx, the Braket job's image):
 *
 *   npx tsx packages/engine/scripts/build-wasm.ts
 *
 * test/sigma-kernels-wasm.test.ts checks that the committed module is this script's output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import wabt from 'wabt';

const SOURCE = fileURLToPath(new URL('../src/ci/wasm/sigma-kernels.wat', import.meta.url));
export const MODULE_PATH = fileURLToPath(new URL('../src/ci/wasm/sigma-kernels.wasm.ts', import.meta.url));

/** The text of sigma-kernels.wasm.ts for the current .wat. */
export async function sigmaKernelsModule(): Promise<string> {
  const tools = await wabt();
  const parsed = tools.parseWat('sigma-kernels.wat', readFileSync(SOURCE, 'utf8'), {
    threads: true,
    simd: true,
  });
  try {
    const { buffer } = parsed.toBinary({});
    // V8 validates it (wabt's own validator refuses shared memories whatever the features say).
    new WebAssembly.Module(Uint8Array.from(buffer));
    return (
      '// Built from sigma-kernels.wat by scripts/build-wasm.ts; edit the .wat and run the script.\n' +
      `export const SIGMA_KERNELS_WASM =\n  '${Buffer.from(buffer).toString('base64')}';\n`
    );
  } finally {
    parsed.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(MODULE_PATH, await sigmaKernelsModule());
}
