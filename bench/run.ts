// Runs every benchmark suite in bench/ whose name is given, or all of them: `npm run bench -- api`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const wanted = process.argv.slice(2);
const suites = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)));

if (suites.length === 0) console.log('No benchmark suites yet.');
for (const suite of suites) {
  console.log(`\n# ${suite}`);
  await import(join(import.meta.dirname, suite));
}
