import { Agent, request } from 'node:http';
import type { LoadResult } from './load.ts';

export interface PacedLoadOptions {
  /** Requests a second, sent one every 1000/rate ms whatever the answers' pace (an open loop). */
  rate: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Bodies to send in turn, one a request, instead of `body` every time. */
  bodies?: readonly string[];
  /** Keep-alive connections available at once; a request that finds none free waits, and that wait counts. */
  maxConnections?: number;
}

/** The value at quantile q (0..1) of ascending numbers. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** p50 and p99 of latencies in milliseconds, to a tenth. */
export function percentiles(latencies: number[]): { p50Ms: number; p99Ms: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50Ms: round(quantile(sorted, 0.5)), p99Ms: round(quantile(sorted, 0.99)) };
}

/** One request over a keep-alive agent; resolves (never rejects) once the answer has been read or has failed. */
export function sendRequest(
  agent: Agent,
  target: URL,
  path: string,
  options: { method?: string; headers?: Record<string, string> | undefined; body?: string | undefined } = {},
): Promise<{ ok: boolean; status?: number }> {
  const { body } = options;
  return new Promise((resolve) => {
    const outgoing = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path,
        method: options.method ?? 'GET',
        headers: {
          ...options.headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
        timeout: 10_000,
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve({ ok: true, status: response.statusCode }));
        response.on('error', () => resolve({ ok: false }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', () => resolve({ ok: false }));
    outgoing.end(body);
  });
}

/**
 * Calls `send(i, dueAt)` for request i at start + i * (1000 / rate) ms, whether or not earlier answers have come
 * back (an open loop), and resolves once every request has been sent and answered. The caller counts each latency
 * from `dueAt`, not from when the request left, so a stalled server (or a stalled generator) shows in the figures
 * instead of quietly slowing the load down.
 */
export async function runAtRate(
  rate: number,
  seconds: number,
  send: (i: number, dueAt: number) => Promise<void>,
): Promise<{ elapsedSeconds: number }> {
  const intervalMs = 1000 / rate;
  const total = Math.round(rate * seconds);
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Everything due by now goes out at once, stamped with its own due time.
      while (sent < total && start + sent * intervalMs <= now) {
        const done = send(sent, start + sent * intervalMs);
        inFlight.add(done);
        void done.then(() => inFlight.delete(done));
        sent += 1;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  return { elapsedSeconds: (performance.now() - start) / 1000 };
}

/**
 * A steady load at a fixed rate over one URL (`runAtRate`).
 *
 * This is what "p99 at 500 req/s" means; autocannon's `overallRate` instead lets each connection send its second's
 * share back to back at the start of every second, which measures bursts of the whole second's requests.
 */
export async function measureAtRate(url: string, options: PacedLoadOptions): Promise<LoadResult> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxConnections ?? 64 });
  const bodyOf = (i: number) =>
    options.bodies?.length ? options.bodies[i % options.bodies.length] : options.body;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const { elapsedSeconds } = await runAtRate(options.rate, options.seconds, (i, dueAt) =>
    sendRequest(agent, target, `${target.pathname}${target.search}`, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: bodyOf(i),
    }).then(({ ok, status }) => {
      if (!ok) errors += 1;
      else if (status === undefined || status < 200 || status >= 300) non2xx += 1;
      latencies.push(performance.now() - dueAt);
    }),
  );
  agent.destroy();

  return {
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    ...percentiles(latencies),
    errors,
    non2xx,
  };
}
