import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The built app lands in apps/web/dist, which the server serves at / (it injects window.__APP_CONFIG__ into
 * index.html). In development Vite serves the app and forwards /api to the server.
 */
export default defineConfig({
  plugins: [react()],
  // The app's version, recorded with every uncaught UI error.
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The shared chunk of react-dom and antd's core is large by nature. What a route loads is what counts:
    // `npm run bench` measures the login page's share (bench/web.ts, from the manifest).
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
      // The lookup databases' calls (docs/compatibility.md).
      '/prod-api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
});
