import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './harness.ts';
import { freePort, until } from './support/api-process.ts';

/**
 * A deployment's view of one server process (`npm run serve`): its readiness answer, how SIGTERM drains it (not ready
 * while it still answers, then the listener closes) and its Prometheus metrics on their own port.
 */
const serverScript = join(import.meta.dirname, '../src/server.ts');
const DRAIN_DELAY_MS = 1500;

describe.skipIf(TEST_DIALECT === 'postgres')('a server process under a proxy', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'autoreel-lifecycle-'));
  let port = 0;
  let metricsPort = 0;
  let child: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const status = (path: string) =>
    fetch(url(path)).then(
      (res) => res.status,
      () => 'refused' as const,
    );

  beforeAll(async () => {
    port = await freePort();
    metricsPort = await freePort();
    child = spawn(process.execPath, [serverScript], {
      env: {
        PATH: process.env['PATH'],
        PORT: String(port),
        HOST: '127.0.0.1',
        AUTOREEL_DATA_DIR: dataDir,
        AUTOREEL_SEED_DEMO: '0',
        LOG_LEVEL: 'info',
        DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        METRICS_PORT: String(metricsPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // 'close', not 'exit': the last log lines may still be in the pipe when the process has exited.
    exited = new Promise((resolve) => child.once('close', (code) => resolve(code)));
    await until(
      'the server to be ready',
      async () => ((await status('/api/ready')) === 200 ? true : undefined),
      90_000,
    );
  });

  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves Prometheus metrics on its own port, by route, with the process, jobs, streams and catalogue', async () => {
    for (let i = 0; i < 3; i += 1) expect(await status('/api/cars?limit=2')).toBe(200);
    expect(await status('/api/cars/00000000-0000-4000-8000-000000000000')).toBe(404);
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(/autoreel_http_requests_total\{method="GET",route="\/api\/cars",status="200"\} 3/);
    expect(text).toMatch(
      /autoreel_http_requests_total\{method="GET",route="\/api\/cars\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(
      /autoreel_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/cars"\}/,
    );
    expect(text).toContain('# TYPE autoreel_http_errors_total counter');
    expect(text).toMatch(/autoreel_jobs\{queue="video-preparation",state="created"\} 0/);
    expect(text).toMatch(/^autoreel_live_streams_open 0$/m);
    expect(text).toMatch(/^autoreel_catalogue_index_lag 0$/m);
    expect(text).toMatch(/^autoreel_ready 1$/m);
    expect(text).toMatch(/^autoreel_process_resident_memory_bytes \d+/m);
    // The public listener does not serve them (with the storefront built, its pages answer the path instead).
    const open = await fetch(url('/metrics'));
    expect(await open.text()).not.toContain('autoreel_http_requests_total');
  });

  it('answers not ready on SIGTERM while it still answers, then closes its listener and exits', async () => {
    expect(await status('/api/ready')).toBe(200);
    const signalled = Date.now();
    child.kill('SIGTERM');
    const notReady = await until(
      'readiness to turn false',
      async () => ((await status('/api/ready')) === 503 ? Date.now() : undefined),
      1000,
    );
    // Not ready, yet alive and answering everything else: the proxy moves traffic away before anything fails.
    const ready = await fetch(url('/api/ready'));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ success: false, message: 'The server is shutting down.' });
    expect(await status('/api/health')).toBe(200);
    expect(await status('/api/cars?limit=1')).toBe(200);
    const closed = await until(
      'the listener to close',
      async () => ((await status('/api/health')) === 'refused' ? Date.now() : undefined),
      DRAIN_DELAY_MS + 10_000,
    );
    expect(notReady - signalled).toBeLessThan(DRAIN_DELAY_MS);
    expect(closed - signalled).toBeGreaterThanOrEqual(DRAIN_DELAY_MS);
    expect(await exited).toBe(0);
    expect(output).toContain('closing the listener');
    // The line logged just before the process exits is written too, not left in flight.
    expect(output).toMatch(/"msg":"closed"\}\n$/);
    expect(output).not.toContain('"level":50');
  });
});
