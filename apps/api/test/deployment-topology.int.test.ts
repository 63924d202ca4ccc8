import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/client.ts';
import { createTestDatabase, TEST_DIALECT } from './harness.ts';
import {
  freePort,
  startApiProcess,
  until,
  uploadOverHttp,
  writeTestPhoto,
  type ApiProcess,
} from './support/api-process.ts';
import type { callApi } from './support/deployment.ts';
import { insertAccount, signIn, type Account } from './support/deployment.ts';
import { insertCar } from './support/fixtures.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from './support/local-s3.ts';

/**
 * A deployment as docs/DEPLOYMENT.md draws it, on this machine: haproxy in front of two production API processes on
 * one Postgres, with Redis for the limits and an S3 server for the media. A buyer's journey crosses both processes;
 * then each process in turn gets SIGTERM and comes back while a load of reads and writes runs through the proxy, and
 * no request fails and no write is lost or doubled.
 */
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((path) => existsSync(path));
const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find((path) => existsSync(path));
const DRAIN_DELAY_MS = 1500;
const LOAD_USERS = 8;

/**
 * The proxy's configuration: a readiness check every 250 ms takes a draining process out after three failures (750 ms),
 * well before its listener closes; three, so that one slow answer from a busy process does not take it out.
 */
function haproxyConfig(port: number, servers: number[]): string {
  return `global
  maxconn 1024
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  # A connection refused (a process between its listener closing and the check noticing) goes to the other one.
  retries 3
  option redispatch 1
  # One request per connection to a process: none is ever sent on a connection the process is closing.
  option http-server-close
frontend site
  bind 127.0.0.1:${port}
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  timeout check 3s
  default-server inter 250ms fall 3 rise 1
  http-response set-header x-served-by %s
${servers.map((serverPort, i) => `  server api${i + 1} 127.0.0.1:${serverPort} check`).join('\n')}
`;
}

/** A child process that must be running for the test, stopped at the end. */
function startDaemon(command: string, args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

describe.skipIf(TEST_DIALECT !== 'postgres' || !HAPROXY || !REDIS_SERVER)(
  'the deployment topology',
  { timeout: 240_000 },
  () => {
    const scratch = mkdtempSync(join(tmpdir(), 'autoreel-topology-'));
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let s3: Awaited<ReturnType<typeof startLocalS3>>;
    let redis: ReturnType<typeof startDaemon>;
    let haproxy: ReturnType<typeof startDaemon>;
    let env: Record<string, string>;
    const ports: number[] = [];
    const processes: ApiProcess[] = [];
    let proxy = '';
    let seller: Account;
    let carId = '';

    async function startProcess(index: number): Promise<ApiProcess> {
      const server = await startApiProcess({ ...env, PORT: String(ports[index]) });
      processes[index] = server;
      await until(
        `api${index + 1} to be ready`,
        async () => ((await fetch(server.url('/api/ready'))).status === 200 ? true : undefined),
        60_000,
      );
      return server;
    }

    /** SIGTERM, as a deploy or an orchestrator sends it; resolves once the process has exited. */
    async function stopGracefully(index: number): Promise<void> {
      const server = processes[index]!;
      process.kill(server.pid, 'SIGTERM');
      await until(
        `api${index + 1} to exit`,
        () => {
          try {
            process.kill(server.pid, 0);
            return undefined;
          } catch {
            return true;
          }
        },
        30_000,
      );
      await server.stop();
    }

    beforeAll(async () => {
      database = await createTestDatabase();
      s3 = await startLocalS3('autoreel-topology');
      const redisPort = await freePort();
      redis = startDaemon(REDIS_SERVER!, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '']);
      env = {
        NODE_ENV: 'production',
        DATABASE_URL: database.url!,
        JWT_SECRET: randomBytes(32).toString('hex'),
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        MEDIA_STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'autoreel-topology',
        S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
        // Production sends codes and notices over WhatsApp; nothing here needs one, so it points nowhere.
        WHATSAPP_TOKEN: 'topology-test',
        WHATSAPP_PHONE_NUMBER_ID: '1',
        WHATSAPP_API_BASE_URL: 'http://127.0.0.1:9',
        TRUST_PROXY: '127.0.0.1',
        DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        JOB_HEARTBEAT_SECONDS: '10',
        LOG_LEVEL: 'warn',
      };
      ports.push(await freePort(), await freePort());
      // One after the other, as a deploy does: the first applies the migrations.
      await startProcess(0);
      await startProcess(1);
      const proxyPort = await freePort();
      const configFile = join(scratch, 'haproxy.cfg');
      writeFileSync(configFile, haproxyConfig(proxyPort, ports));
      execFileSync(HAPROXY!, ['-c', '-q', '-f', configFile]);
      haproxy = startDaemon(HAPROXY!, ['-db', '-f', configFile]);
      proxy = `http://127.0.0.1:${proxyPort}`;
      await until(
        'the proxy to see both processes',
        async () => {
          const served = new Set<string>();
          for (let i = 0; i < 4; i += 1) {
            const res = await fetch(`${proxy}/api/ready`).catch(() => undefined);
            if (res?.status === 200) served.add(res.headers.get('x-served-by') ?? '');
          }
          return served.size === 2 ? true : undefined;
        },
        30_000,
      );
      seller = await insertAccount(database.handle.db, 'Sipho Seller');
      carId = await insertCar({ db: database.handle.db }, seller.id);
    }, 180_000);

    afterAll(async () => {
      haproxy?.child.kill('SIGKILL');
      redis?.child.kill('SIGKILL');
      await Promise.all(processes.map((server) => server?.stop()));
      await s3?.close();
      await database?.drop();
      rmSync(scratch, { recursive: true, force: true });
    });

    it("carries a buyer's journey across both processes: sign in, browse, like, message live, upload", async () => {
      const served = new Set<string>();
      const call = async (path: string, options: Parameters<typeof callApi>[2] = {}) => {
        const res = await fetch(`${proxy}${path}`, {
          method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
          headers: {
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        });
        served.add(res.headers.get('x-served-by') ?? '');
        return { status: res.status, data: (await res.json()) as any };
      };
      const buyer = await insertAccount(database.handle.db, 'Bongi Buyer');
      const buyerToken = await signIn(proxy, buyer);
      const sellerToken = await signIn(proxy, seller);
      expect(
        (await call('/api/cars?limit=20')).data.data.cars.map((car: { id: string }) => car.id),
      ).toContain(carId);
      expect((await call(`/api/cars/${carId}`)).status).toBe(200);
      expect(
        (await call(`/api/cars/${carId}/like`, { token: buyerToken, body: {} })).data.data,
      ).toMatchObject({
        liked: true,
      });
      // The like holds on whichever process answers next.
      for (let i = 0; i < 2; i += 1) {
        const liked = await call('/api/cars/user/liked', { token: buyerToken });
        expect(liked.data.data.cars.map((car: { id: string }) => car.id)).toContain(carId);
      }

      // The seller's live stream is held by one process; the buyer's messages go through the proxy to both.
      const stream = await fetch(`${proxy}/api/messages/stream?token=${encodeURIComponent(sellerToken)}`);
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      let received = '';
      const pump = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += Buffer.from(value).toString();
        }
      })();
      for (const text of ['Is the Hilux still for sale?', 'Can I see it on Saturday?']) {
        const sent = await call('/api/messages/send', {
          token: buyerToken,
          body: { receiverId: seller.id, message: text, messageType: 'text', carId },
        });
        expect(sent.status).toBe(201);
        await until(
          'the message on the live stream',
          () => (received.includes(text) ? true : undefined),
          10_000,
        );
      }
      await reader.cancel();
      await pump.catch(() => undefined);

      // A photo uploaded through one process is in the bucket and served by either.
      const photoPath = writeTestPhoto(scratch);
      const photo = await uploadOverHttp(
        { url: (path) => `${proxy}${path}` },
        sellerToken,
        `cars/${carId}`,
        photoPath,
      );
      expect(photo.status).toBe(200);
      for (const server of processes) {
        const media = await fetch(server.url(`/media/${photo.key}`));
        expect(media.status).toBe(200);
        expect(media.headers.get('content-type')).toMatch(/^image\//);
      }
      expect([...served].sort()).toEqual(['api1', 'api2']);
    });

    it('restarts each process in turn under load with no failed request and no lost or doubled write', async () => {
      const db = database.handle.db;
      const users = await Promise.all(
        Array.from({ length: LOAD_USERS }, (_, i) => insertAccount(db, `Load Buyer ${i + 1}`)),
      );
      const tokens = await Promise.all(users.map((user) => signIn(proxy, user)));
      const run = `load-${randomBytes(4).toString('hex')}`;
      const figures = {
        sent: 0,
        failed: 0,
        reads: 0,
        writesAcknowledged: 0,
        writesFound: 0,
        writesDoubled: 0,
      };
      const failures: string[] = [];
      const acknowledged: string[] = [];
      let loading = true;

      const request = async (path: string, token: string, body?: unknown) => {
        figures.sent += 1;
        try {
          const res = await fetch(`${proxy}${path}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const answer = await res.text();
          if (res.status >= 400) {
            figures.failed += 1;
            failures.push(`${res.status} ${path} ${res.headers.get('x-served-by')} ${answer.slice(0, 80)}`);
          }
          return res.status;
        } catch (error) {
          figures.failed += 1;
          failures.push(`${String(error)} ${path}`);
          return 0;
        }
      };
      // Each buyer browses and writes a message about once a second: well inside the per-person limits.
      const buyerLoad = async (index: number) => {
        const token = tokens[index]!;
        for (let n = 0; loading; n += 1) {
          const started = Date.now();
          for (const path of ['/api/cars?limit=10', `/api/cars/${carId}`, '/api/messages/conversations']) {
            if ((await request(path, token)) === 200) figures.reads += 1;
          }
          const text = `${run} buyer ${index} message ${n}`;
          const status = await request('/api/messages/send', token, {
            receiverId: seller.id,
            message: text,
            messageType: 'text',
            carId,
          });
          if (status === 201) acknowledged.push(text);
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
        }
      };

      const started = Date.now();
      const load = Promise.all(users.map((_, index) => buyerLoad(index)));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const index of [0, 1]) {
        await stopGracefully(index);
        await startProcess(index);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      loading = false;
      await load;
      const seconds = (Date.now() - started) / 1000;

      const rows = resultRows<{ message: string; n: number }>(
        await db.execute(sql`select message, count(*)::int as n from messages
          where message like ${`${run} %`} group by message`),
      );
      const found = new Map(rows.map((row) => [row.message, row.n]));
      figures.writesAcknowledged = acknowledged.length;
      figures.writesFound = acknowledged.filter((text) => found.get(text) === 1).length;
      figures.writesDoubled = rows.filter((row) => row.n > 1).length;
      console.log(
        `deployment topology: rolling restart of 2 API processes behind haproxy in ${seconds.toFixed(1)} s: ` +
          `requests sent ${figures.sent}, failed ${figures.failed}, reads answered ${figures.reads}, ` +
          `writes acknowledged ${figures.writesAcknowledged}, found once ${figures.writesFound}, ` +
          `doubled ${figures.writesDoubled}, written without acknowledgement ${rows.length - acknowledged.length}`,
      );
      expect(failures).toEqual([]);
      expect(figures.writesAcknowledged).toBeGreaterThan(LOAD_USERS * 5);
      expect(figures.writesFound).toBe(figures.writesAcknowledged);
      expect(figures.writesDoubled).toBe(0);
      expect(rows.length).toBe(acknowledged.length);
    });
  },
);
