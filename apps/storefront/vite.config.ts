import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  // The favicons, the web app manifest and its icons live with the other shared assets (resources/README.md).
  publicDir: fileURLToPath(new URL('../../resources/web', import.meta.url)),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest tells the server which chunks a route's view needs, so index.html can preload them.
    manifest: true,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        // Sent instead of the entry on pages the server drew: it starts the app after their first paint.
        start: fileURLToPath(new URL('src/start-after-first-paint.ts', import.meta.url)),
      },
      output: {
        // React's DOM renderer in a chunk of its own, so the start script can evaluate it in a task apart from the
        // app's modules (start-after-first-paint.ts).
        codeSplitting: {
          groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
});
