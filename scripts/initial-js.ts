// The JavaScript a first visit downloads before anything renders: the entry script of dist/index.html and the
// modules it preloads, each gzipped as a server would send it. `--budget <KiB>` exits 1 when the total is above it.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialJs {
  files: { path: string; gzipBytes: number }[];
  totalGzipBytes: number;
}

/** Reads the scripts index.html loads at once (module entry and modulepreload links), never the lazy chunks. */
export function measureInitialJs(distDir: string): InitialJs {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const paths = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    paths.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    paths.add(match[1] ?? '');
  const files = [...paths]
    .filter((path) => path.endsWith('.js'))
    .map((path) => ({
      path,
      gzipBytes: gzipSync(readFileSync(join(distDir, path.replace(/^\//, ''))), { level: 9 }).length,
    }));
  return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);

if (import.meta.main) {
  const distDir = resolve(import.meta.dirname, '../apps/storefront/dist');
  const budgetIndex = process.argv.indexOf('--budget');
  const budgetKib = budgetIndex === -1 ? undefined : Number(process.argv[budgetIndex + 1]);
  const result = measureInitialJs(distDir);
  for (const file of result.files) console.log(`${kib(file.gzipBytes).padStart(8)} KiB  ${file.path}`);
  console.log(`${kib(result.totalGzipBytes).padStart(8)} KiB  initial JavaScript, gzipped`);
  if (budgetKib !== undefined) {
    if (result.totalGzipBytes > budgetKib * 1024) {
      console.error(`Over the ${budgetKib} KiB budget.`);
      process.exit(1);
    }
    console.log(`Within the ${budgetKib} KiB budget.`);
  }
}
