import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const desktop = resolve(import.meta.dirname, 'apps/desktop');
// Workspace packages are TypeScript sources with no build step: main bundles them. The native keychain binding
// (one prebuilt binary per platform, picked at run time) and electron-store stay external and ship in
// node_modules. electron-vite reads dependencies from the root package.json, which has none, hence the list.
const workspacePackages = ['@autoreel/core', '@autoreel/video', '@autoreel/api-client', '@autoreel/ui'];
const shippedModules = ['@napi-rs/keyring', 'electron-store'];

export default defineConfig({
  main: {
    build: {
      outDir: resolve(desktop, 'out/main'),
      externalizeDeps: { exclude: workspacePackages, include: shippedModules },
      rollupOptions: { input: resolve(desktop, 'src/main/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: resolve(desktop, 'out/preload'),
      // A sandboxed preload can require only 'electron' and a few built-ins: everything else is bundled.
      externalizeDeps: false,
      rollupOptions: {
        input: resolve(desktop, 'src/preload/index.ts'),
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(desktop, 'src/renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(desktop, 'out/renderer'),
      // Top-level await in main.tsx (the API address comes from main before the app mounts).
      target: 'chrome140',
      rollupOptions: { input: resolve(desktop, 'src/renderer/index.html') },
    },
  },
});
