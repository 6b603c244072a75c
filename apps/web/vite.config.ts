import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    // Trailing slashes keep client routes such as /devices out of the proxy.
    proxy: {
      '/api/': apiServer,
      '/dev/': apiServer,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
