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

/** The views a first visit can land on (the ones the server draws first: storefront-first-visit.ts, planFor). */
const FIRST_SCREEN_VIEWS = [
  'views/feed/FeedStage.tsx',
  'views/browse/BrowseView.tsx',
  'views/detail/DetailView.tsx',
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Every script the entry and the first-screen views load at once (their static imports), from the build manifest. */
export function firstScreenScripts(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry || FIRST_SCREEN_VIEWS.some((view) => key.endsWith(view))) visit(key);
  return [...files];
}

/**
 * The first screens construct no validation schemas: zod builds every schema a module declares when the module is
 * evaluated, which on a slow phone is a long task before the page answers a tap. Its objects carry a `_zod` key.
 */
export function scriptsWithSchemaLibrary(distDir: string): string[] {
  return firstScreenScripts(distDir).filter((file) =>
    readFileSync(join(distDir, file), 'utf8').includes('_zod'),
  );
}

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
  const withSchemas = scriptsWithSchemaLibrary(distDir);
  if (withSchemas.length > 0) {
    console.error(`The first screens load the schema library (zod) through: ${withSchemas.join(', ')}`);
    process.exit(1);
  }
  console.log('No schema library in the first screens.');
}
