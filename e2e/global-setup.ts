import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { receiverCertificate } from '../apps/api/test/support/push-receiver.ts';
import { pushReceiverTls, removeEarlierRuns, root, seedTemplate } from './e2e-server.ts';

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
 * time (the one is CPU, the other mostly ffmpeg and disk), the data of earlier runs is removed, and the push
 * receiver's certificate is made for the servers to trust.
 */
export default async function globalSetup() {
  removeEarlierRuns();
  const tls = receiverCertificate();
  writeFileSync(pushReceiverTls.certificate, tls.certificate);
  writeFileSync(pushReceiverTls.key, tls.key, { mode: 0o600 });
  await Promise.all([buildStorefront(), seedTemplate()]);
}
