import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { multipart } from './multipart.ts';

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
  /** The process id, to find its children or kill it as a crash would. */
  pid: number;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A real API process (`node apps/api/src/server.ts`) on 127.0.0.1 (on env.PORT, else a free port), answering once its
 * health check does.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  // A PORT of the caller's keeps a restarted process where a proxy expects it.
  const port = env['PORT'] ? Number(env['PORT']) : await freePort();
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
  return { url, pid: child.pid ?? 0, output: () => output, stop };
}

/** The ffmpeg processes (not ffprobe) whose parent is one of these processes, with their parent. */
export function ffmpegChildren(parents: number[]): Array<{ pid: number; parent: number }> {
  const found: Array<{ pid: number; parent: number }> = [];
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while listed
    }
    // pid (comm) state ppid ...: the name is in parentheses and may hold spaces.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (comm === 'ffmpeg' && parents.includes(parent)) found.push({ pid: Number(entry), parent });
  }
  return found;
}

/** Polls `check` until it answers something other than undefined. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms: number,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** POST /api/media/upload of a file on disk to a server process, as the clients send it. */
/** A one-frame 800 x 600 JPEG made by ffmpeg in `dir`, for a test to upload as a car's photo; answers its path. */
export function writeTestPhoto(dir: string): string {
  const path = join(dir, 'front.jpg');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=teal:s=800x600',
    '-frames:v',
    '1',
    path,
  ]);
  return path;
}

export async function uploadOverHttp(
  server: Pick<ApiProcess, 'url'>,
  token: string,
  folder: string,
  path: string,
): Promise<{ status: number; key: string }> {
  const form = multipart([
    { name: 'folder', value: folder },
    {
      name: 'file',
      filename: path.split('/').pop() ?? 'file',
      contentType: 'application/octet-stream',
      content: readFileSync(path),
    },
  ]);
  const answer = await fetch(server.url('/api/media/upload'), {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(form.payload),
  });
  const body = (await answer.json()) as { data?: { key: string } };
  return { status: answer.status, key: body.data?.key ?? '' };
}
