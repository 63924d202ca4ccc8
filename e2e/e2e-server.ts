/**
 * The API servers the e2e suite runs against: one per Playwright worker, each on a port and a data directory of its
 * own, so specs that run at the same time never share demo accounts, likes, code limits or listings. The demo
 * catalogue is seeded once per run into a template directory that each worker's directory starts as a copy of.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');
const dataRoot = join(root, '.data');
/** The seeded catalogue every worker's data directory is copied from, made fresh by global-setup.ts. */
export const templateDir = join(dataRoot, 'e2e-template');
/**
 * The TLS identity of the push receiver web-push.spec.ts starts: made by global-setup.ts, trusted by every worker's
 * server (NODE_EXTRA_CA_CERTS), which then posts pushes to it as it would to a browser's push service.
 */
export const pushReceiverTls = {
  certificate: join(dataRoot, 'e2e-push-cert.pem'),
  key: join(dataRoot, 'e2e-push-key.pem'),
};

/** The first worker's port; worker n serves on E2E_PORT + n. */
export const basePort = Number(process.env['E2E_PORT'] ?? 8090);
/** The first worker's feedback webhook port (account.spec.ts listens there); worker n's is this + n. */
export const baseWebhookPort = Number(process.env['E2E_FEEDBACK_WEBHOOK_PORT'] ?? basePort + 10_000);

export interface E2EServer {
  port: number;
  /** http://localhost:<port>, every spec's baseURL. */
  origin: string;
  /** Where the server posts each stored feedback (FEEDBACK_WEBHOOK_URL). */
  webhookPort: number;
}

export function serverFor(parallelIndex: number): E2EServer {
  const port = basePort + parallelIndex;
  return { port, origin: `http://localhost:${port}`, webhookPort: baseWebhookPort + parallelIndex };
}

export const workerDataDir = (parallelIndex: number) => join(dataRoot, `e2e-${parallelIndex}`);
const logFile = (name: string) => join(dataRoot, `${name}.log`);

/** Every data directory and log of an earlier run: each run starts from the freshly seeded template. */
export function removeEarlierRuns() {
  mkdirSync(dataRoot, { recursive: true });
  rmSync(join(dataRoot, 'e2e'), { recursive: true, force: true });
  rmSync(templateDir, { recursive: true, force: true });
  rmSync(logFile('e2e-template'), { force: true });
  for (let index = 0; index < 16; index++) {
    rmSync(workerDataDir(index), { recursive: true, force: true });
    rmSync(logFile(`e2e-${index}`), { force: true });
  }
}

/**
 * `npm run serve` in a process group of its own (npm starts node under it), its output appended to
 * .data/<name>.log. Resolves once the server says it is serving; rejects with the log's tail if it exits first or
 * does not start within the timeout.
 */
export async function startServer(
  name: string,
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<ChildProcess> {
  const log = logFile(name);
  // Appended to: a worker restarted after a failure starts its server again, and the log keeps both.
  const out = openSync(log, 'a');
  const from = statSync(log).size;
  const output = () => readFileSync(log).subarray(from).toString('utf8');
  const child = spawn('npm', ['run', 'serve'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  closeSync(out);
  // A worker that is ended (an interrupted run) takes its server with it rather than leaving it serving.
  const killOnExit = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const tail = () => output().split('\n').slice(-30).join('\n');
  await new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (output().includes('AutoReel is serving on')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null || Date.now() - started > timeoutMs) {
        clearInterval(timer);
        const error = new Error(`the e2e server ${name} did not start (see ${log}):\n${tail()}`);
        void stopServer(child).then(() => reject(error));
      }
    }, 250);
  });
  return child;
}

/** SIGTERM to the whole group (npm and the node server under it); resolves when the server has let go. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  // The server closes its database on SIGTERM; one that hangs is not left behind.
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
  // npm may exit before node does: wait until nothing of the group is left.
  for (let i = 0; i < 100 && groupAlive(child.pid!); i++) await new Promise((r) => setTimeout(r, 100));
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Seeds the demo catalogue into the template directory: a server started on it once, then stopped. */
export async function seedTemplate(): Promise<void> {
  const started = Date.now();
  // Rendering the demo photos and clips takes half a minute alone, minutes on a busy machine.
  const server = await startServer(
    'e2e-template',
    {
      PORT: '0',
      HOST: '127.0.0.1',
      AUTOREEL_DATA_DIR: templateDir,
      // The test phase's seeds leave their videos here: on one machine they are rendered once.
      AUTOREEL_DEMO_CACHE_DIR: join(tmpdir(), 'autoreel-test-demo-render-cache'),
    },
    600_000,
  );
  await stopServer(server);
  console.log(
    `e2e: demo catalogue seeded into ${templateDir} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

/**
 * The server of the worker with this parallel index: its data directory copied from the template on the run's first
 * start (a worker restarted after a failure keeps the data its predecessor made), the env the e2e server needs.
 */
export async function startWorkerServer(parallelIndex: number): Promise<ChildProcess> {
  const dataDir = workerDataDir(parallelIndex);
  if (!existsSync(dataDir)) cpSync(templateDir, dataDir, { recursive: true });
  const server = serverFor(parallelIndex);
  return startServer(`e2e-${parallelIndex}`, {
    PORT: String(server.port),
    AUTOREEL_DATA_DIR: dataDir,
    // Each e2e newcomer signs up from an address of its own (e2e/support.ts, newcomerAddress).
    TRUST_PROXY: 'true',
    FEEDBACK_WEBHOOK_URL: `http://127.0.0.1:${server.webhookPort}/feedback`,
    // The demo catalogue comes from the template; a server never seeds its own.
    AUTOREEL_SEED_DEMO: '0',
    NODE_EXTRA_CA_CERTS: pushReceiverTls.certificate,
    PUSH_ENDPOINT_HOSTS: '127.0.0.1',
  });
}
