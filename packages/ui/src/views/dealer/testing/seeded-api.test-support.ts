import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The demo accounts of README.md, all with the demo password. */
export const DEMO_PASSWORD = 'demo-pass-2026';
export const DEMO_PHONES = {
  admin: '+26876000001',
  dealer: '+26876000002',
  customer: '+26876000003',
} as const;

// A path, not a URL: under happy-dom the global URL is the page's, which knows no file: scheme.
const SERVER_ENTRY = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../../apps/api/src/server.ts',
);

export interface DemoSession {
  user: Record<string, unknown> & { id: string };
  accessToken: string;
  refreshToken: string;
}

/** The real API (apps/api) over a fresh embedded database with the demo catalogue, on a free loopback port. */
export interface SeededApi {
  baseUrl: string;
  /** Calls the API as the given session (or anonymously) and answers the envelope's data; throws on failure. */
  call<T>(method: string, path: string, session?: DemoSession | null, body?: unknown): Promise<T>;
  signIn(phone: string): Promise<DemoSession>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * One HTTP exchange through Node itself: under happy-dom the global fetch is the page's (with CORS and its own
 * logging), which is for the UI under test, not for the test's own setup calls.
 */
function exchange(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolvePromise({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}`);
    try {
      if ((await exchange(`${baseUrl}/health`, 'GET', {}, undefined)).status === 200) return;
    } catch {
      // Not listening yet: the demo seed runs before the server listens.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the API as its own process, exactly as `npm start` runs it, and waits until the demo seed is in.
 * `origin` is the page origin the UI calls from (happy-dom's), allowed through CORS.
 */
export async function startSeededApi(origin: string, timeoutMs = 150_000): Promise<SeededApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'autoreel-ui-dashboard-'));
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTOREEL_DATA_DIR: dataDir,
      // The demo's videos rendered once per machine, not once per test run.
      AUTOREEL_DEMO_CACHE_DIR: join(tmpdir(), 'autoreel-test-demo-render-cache'),
      DATABASE_URL: '',
      CORS_ORIGINS: origin,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }

  async function call<T>(method: string, path: string, session?: DemoSession | null, body?: unknown) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (session) headers['authorization'] = `Bearer ${session.accessToken}`;
    const response = await exchange(
      `${baseUrl}${path}`,
      method,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
    );
    const parsed = JSON.parse(response.text) as { success: boolean; data: T; error?: string };
    if (response.status >= 300 || !parsed.success) {
      throw new Error(`${method} ${path}: ${response.status} ${parsed.error ?? ''}`);
    }
    return parsed.data;
  }

  return {
    baseUrl,
    call,
    signIn: (phone) => call<DemoSession>('POST', '/auth/login', null, { phone, password: DEMO_PASSWORD }),
    close: stop,
  };
}
