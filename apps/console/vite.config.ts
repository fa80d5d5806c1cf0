import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The server (apps/server) serves the console's API and, in production, this build. */
const backend = process.env.CLIFFHANGER_API_ORIGIN ?? 'http://localhost:8080';
const apiProxy = { '/console/api': { target: backend, changeOrigin: true } };

// The console is its own app under /console/, never part of the viewer's bundle: operators are
// few, so it is built for clarity (one entry, lazy pages) rather than for a phone's first paint.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
