import { spawn } from 'node:child_process';
import { removeEarlierRuns, root, seedTemplate } from './e2e-server.ts';

/** The storefront's build, as `npm start` makes it, once for every worker's server. */
function buildStorefront(): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const build = spawn('npm', ['run', 'build:web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    build.once('error', reject);
    build.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`npm run build:web exited with ${code}`));
      console.log(`e2e: storefront built in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve();
    });
  });
}

/**
 * Before any worker starts: the storefront is built and the demo catalogue seeded into a fresh template at the same
 * time (the one is CPU, the other mostly ffmpeg and disk), and the data of earlier runs is removed.
 */
export default async function globalSetup() {
  removeEarlierRuns();
  await Promise.all([buildStorefront(), seedTemplate()]);
}
