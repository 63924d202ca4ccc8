import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './harness.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';

/**
 * Finding 9 over a real network: `npm start`'s defaults (NODE_ENV unset, HOST 0.0.0.0) on a real process. It warns
 * at start, and its development outbox answers this machine's loopback only: a request from another network
 * namespace (a veth pair, as another machine would be) and one from this machine's own non-loopback address are
 * refused, whatever X-Forwarded-For claims.
 */
const namespace = `ar-outbox-${process.pid}`;
const vethHost = `aro${process.pid % 100_000}h`;
const vethPeer = `aro${process.pid % 100_000}n`;
// A /30 of its own per run: 10.231.x.y, host .1, namespace .2.
const subnet = `10.231.${Math.floor(process.pid / 64) % 250}.${(process.pid % 64) * 4}`;
const [a, b, c, d] = subnet.split('.').map(Number) as [number, number, number, number];
const hostAddress = `${a}.${b}.${c}.${d + 1}`;
const peerAddress = `${a}.${b}.${c}.${d + 2}`;

let server: ApiProcess;
let port = 0;
let namespaceReady = false;

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

/** A network namespace joined to this one by a veth pair; false where this user may not make one. */
function makeNamespace(): boolean {
  try {
    ip('netns', 'add', namespace);
    ip('link', 'add', vethHost, 'type', 'veth', 'peer', 'name', vethPeer);
    ip('link', 'set', vethPeer, 'netns', namespace);
    ip('addr', 'add', `${hostAddress}/30`, 'dev', vethHost);
    ip('link', 'set', vethHost, 'up');
    ip('netns', 'exec', namespace, 'ip', 'addr', 'add', `${peerAddress}/30`, 'dev', vethPeer);
    ip('netns', 'exec', namespace, 'ip', 'link', 'set', vethPeer, 'up');
    ip('netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up');
    return true;
  } catch {
    return false;
  }
}

function removeNamespace(): void {
  for (const args of [
    ['link', 'del', vethHost],
    ['netns', 'del', namespace],
  ]) {
    try {
      ip(...args);
    } catch {
      // Already gone, or never made.
    }
  }
}

/** GET the outbox at `host`, leaving from `localAddress`; answers the status and the body. */
function outbox(host: string, localAddress?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host,
        port,
        path: '/api/dev/outbox',
        headers: { 'x-forwarded-for': '127.0.0.1' },
        ...(localAddress ? { localAddress } : {}),
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** This machine's first non-loopback IPv4 address, if it has one. */
function ownAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal && entry.address !== hostAddress)
    ?.address;
}

describe.skipIf(TEST_DIALECT === 'postgres')(
  'the development outbox on a network',
  { timeout: 180_000 },
  () => {
    beforeAll(async () => {
      namespaceReady = process.getuid?.() === 0 && makeNamespace();
      // npm start's defaults: no NODE_ENV, and every address (HOST 0.0.0.0).
      server = await startApiProcess({ HOST: '0.0.0.0' });
      port = Number(new URL(server.url('/')).port);
    });
    afterAll(async () => {
      await server.stop();
      removeNamespace();
    });

    it('warns loudly at start that a demo server is reachable from the network', async () => {
      // Written just after listening: the pipe may bring it a moment after the health check answered.
      await expect
        .poll(() => server.output())
        .toContain("WARNING: AutoReel is running in demo/development mode (NODE_ENV is not 'production')");
      expect(server.output()).toContain(`listens on 0.0.0.0:${port}, reachable from other machines`);
    });

    it('answers a caller on loopback', async () => {
      const res = await outbox('127.0.0.1');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ success: true, data: { messages: [] } });
    });

    it("refuses a caller from this machine's own non-loopback address", async (context) => {
      const address = ownAddress();
      if (!address) return context.skip();
      const res = await outbox(address, address);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ success: false });
    });

    it('refuses a caller in another network namespace', async (context) => {
      if (!namespaceReady) return context.skip();
      const body = execFileSync(
        'ip',
        [
          'netns',
          'exec',
          namespace,
          'curl',
          '-s',
          '-w',
          '\n%{http_code}',
          '-H',
          'X-Forwarded-For: 127.0.0.1',
          `http://${hostAddress}:${port}/api/dev/outbox`,
        ],
        { encoding: 'utf8' },
      );
      const status = body.trim().split('\n').at(-1);
      expect(status).toBe('403');
      expect(body).toContain('"success":false');
      // The same server still answers its own loopback.
      expect((await outbox('127.0.0.1')).status).toBe(200);
    });
  },
);
