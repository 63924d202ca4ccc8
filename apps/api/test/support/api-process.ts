import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const serverScript = join(import.meta.dirname, '../../src/server.ts');

/** A port no one listens on right now, for a server process to take. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface ApiProcess {
  url(path: string): string;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/** A real API process (`node apps/api/src/server.ts`) on 127.0.0.1, answering once its health check does. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'autoreel-api-process-'));
  const child: ChildProcess = spawn(process.execPath, [serverScript], {
    env: {
      PATH: process.env['PATH'],
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTOREEL_DATA_DIR: dataDir,
      AUTOREEL_SEED_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the API process exited before serving:\n${output}`);
    const healthy = await fetch(url('/api/health')).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (waited > 120_000) {
      await stop();
      throw new Error(`the API process did not answer within 2 minutes:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, output: () => output, stop };
}
