import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/** Where the server render's build goes: beside the client's, in a folder the static files never serve. */
const SERVER_OUT_DIR = 'dist/.server';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  // The favicons, the web app manifest and its icons live with the other shared assets (resources/README.md).
  publicDir: isSsrBuild ? false : fileURLToPath(new URL('../../resources/web', import.meta.url)),
  // The server render is one self-contained module tree: React and the other packages are bundled with the
  // production flag set, whatever NODE_ENV the API runs with.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: SERVER_OUT_DIR, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The manifest tells the server which chunks a route's view needs, so index.html can preload them.
        manifest: true,
        rollupOptions: {
          input: {
            index: fileURLToPath(new URL('index.html', import.meta.url)),
            // Sent instead of the entry on pages the server rendered: it starts the app after their first paint.
            start: fileURLToPath(new URL('src/start-after-first-paint.ts', import.meta.url)),
          },
          output: {
            // React's DOM renderer in a chunk of its own, so the start script can evaluate it in a task apart from
            // the app's modules (start-after-first-paint.ts).
            codeSplitting: {
              groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }],
            },
          },
        },
      },
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
}));
