import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL on loopback for a fixed time; bounded in count and time. */
export async function measure(
  url: string,
  options: {
    seconds: number;
    connections: number;
    /**
     * Requests a second in all (autocannon's `overallRate`): each connection sends its share of a second back to back
     * as the second starts, so this measures bursts. Latencies are the requests' own: autocannon's correction for
     * coordinated omission takes 1/rate seconds for milliseconds and would add a made-up sample for every
     * millisecond of every answer.
     */
    rate?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    /** Paths to cycle through, one request each in turn, instead of repeating the URL's own path. */
    paths?: readonly string[];
    /** Bodies to cycle through the same way, instead of `body` every time. */
    bodies?: readonly string[];
  },
): Promise<LoadResult> {
  let next = 0;
  const { paths, bodies } = options;
  const result = await autocannon({
    url,
    method: (options.method ?? 'GET') as 'GET',
    body: options.body,
    headers: options.headers,
    ...(paths?.length || bodies?.length
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const turn = next;
                next += 1;
                return {
                  ...request,
                  ...(paths?.length ? { path: paths[turn % paths.length]! } : {}),
                  ...(bodies?.length ? { body: bodies[turn % bodies.length]! } : {}),
                };
              },
            },
          ],
        }
      : {}),
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate, ignoreCoordinatedOmission: true } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Starts a benchmark target process and resolves with its port once it says READY. */
export async function startTarget(
  script: string,
  args: string[],
): Promise<{ port: number; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = /^READY (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
  return {
    port,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
