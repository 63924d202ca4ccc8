import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const desktop = resolve(import.meta.dirname, 'apps/desktop');

export default defineConfig({
  main: {
    build: {
      outDir: resolve(desktop, 'out/main'),
      rollupOptions: { input: resolve(desktop, 'src/main/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: resolve(desktop, 'out/preload'),
      rollupOptions: {
        input: resolve(desktop, 'src/preload/index.ts'),
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(desktop, 'src/renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(desktop, 'out/renderer'),
      rollupOptions: { input: resolve(desktop, 'src/renderer/index.html') },
    },
  },
});
