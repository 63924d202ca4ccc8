import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './harness.ts';
import { freePort } from './support/api-process.ts';

/**
 * The real server process (`node apps/api/src/server.ts`, what `npm run serve` starts) on its embedded database:
 * what only a process shows, namely its security headers and docs page as served, what it writes to its logs, and
 * how it stops on SIGTERM.
 */
const serverScript = join(import.meta.dirname, '../src/server.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'autoreel-process-'));
let port = 0;
let child: ChildProcess;
let output = '';
let exited: Promise<number | null>;

const url = (path: string) => `http://127.0.0.1:${port}${path}`;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as Record<string, unknown> };
}

// One server process on the embedded database is enough, whichever suite runs.
describe.skipIf(TEST_DIALECT === 'postgres')('the server process', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    port = await freePort();
    child = spawn(process.execPath, [serverScript], {
      env: {
        PATH: process.env['PATH'],
        PORT: String(port),
        HOST: '127.0.0.1',
        AUTOREEL_DATA_DIR: dataDir,
        AUTOREEL_SEED_DEMO: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // 'close', not 'exit': the last log lines may still be in the pipe when the process has exited.
    exited = new Promise((resolve) => child.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('AutoReel is serving')) resolve();
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) =>
        reject(new Error(`the server exited with ${code} before serving:\n${output}`)),
      );
    });
  });
  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends security headers and serves the API documentation page', async () => {
    const health = await fetch(url('/api/health'));
    expect(health.status).toBe(200);
    expect(health.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    // Plain HTTP: no HSTS and no upgrade to https, so the site also works at a LAN address.
    expect(health.headers.get('strict-transport-security')).toBeNull();
    expect(health.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(health.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const docs = await fetch(url('/api/docs'));
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await docs.text()).toContain('swagger');
  });

  it('keeps passwords, codes and tokens out of its logs', async () => {
    const phone = '+26876123456';
    const password = 'process-secret-pass-41';
    expect((await post('/api/auth/signup', { name: 'Log Reader', phone, password })).status).toBe(201);
    const outbox = (await (
      await fetch(url(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`))
    ).json()) as {
      data: { messages: { code: string }[] };
    };
    const code = outbox.data.messages[0]!.code;
    const verified = await post('/api/auth/verify-signup', { phone, otp: code });
    expect(verified.status).toBe(200);
    const { accessToken, refreshToken } = verified.data['data'] as {
      accessToken: string;
      refreshToken: string;
    };
    const me = await fetch(url('/api/auth/me'), {
      headers: { authorization: `Bearer ${accessToken}`, cookie: `session=${refreshToken}` },
    });
    expect(me.status).toBe(200);
    expect((await post('/api/auth/login', { phone, password: `${password}-wrong` })).status).toBe(401);
    expect((await post('/api/auth/refresh-token', { refreshToken })).status).toBe(200);
    // The live stream takes its token in the query string (EventSource sends no headers).
    const stream = await fetch(url(`/api/messages/stream?token=${encodeURIComponent(accessToken)}`));
    expect(stream.status).toBe(200);
    await stream.body?.cancel();

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(output).toContain('"url":"/api/auth/me"');
    for (const secret of [password, code, accessToken, refreshToken]) expect(output).not.toContain(secret);
  });

  it('finishes a request in flight on SIGTERM, then exits', async () => {
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({
      category: 'general',
      name: 'Late Writer',
      email: 'late@example.com',
      subject: 'Sent across a shutdown',
      message: 'This message was still arriving when the server was asked to stop.',
    });
    const socket = new Socket();
    await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 20)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Closing: a new request is turned away with 503 and its connection closed, while the one in flight goes on.
    const late = await fetch(url('/api/health'));
    expect(late.status).toBe(503);
    expect(late.headers.get('connection')).toBe('close');
    expect(await late.json()).toMatchObject({
      success: false,
      error: expect.any(String),
      message: expect.any(String),
    });
    socket.write(body.slice(20));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('"success":true');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    // Stopping is routine: no error and no stack trace in the log (it once logged 'PGlite is closed' each time).
    expect(output).not.toContain('PGlite is closed');
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('"level":50');
  });
});
