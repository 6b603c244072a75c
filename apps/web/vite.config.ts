import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiServer = 'http://localhost:8080';

export default defineConfig({
  // Brotli and gzip copies beside each file, which the server picks by Accept-Encoding (preCompressed).
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  // Every 'zod' import, the contract's too, goes through the module that makes zod jitless (see its comment).
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    // Trailing slashes keep client routes such as /devices out of the proxy.
    proxy: {
      '/api/': apiServer,
      '/dev/': apiServer,
    },
  },
  // The manifest tells the bench (e2e/bench/web-bundle.bench.ts) which chunks a first visit loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The contract declares no side effects for bundlers, so a screen's chunk keeps only the schemas it uses and
    // the sign-in page no longer loads every job, result and template schema through the contract's index.
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /\/packages\/contract\/src\//, sideEffects: false }] },
    },
  },
});
