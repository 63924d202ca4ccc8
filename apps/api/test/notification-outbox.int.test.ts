import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, users } from '../src/db/schema/index.ts';
import { NotificationRepository } from '../src/notifications/notification.repository.ts';
import { createTestDatabase, createTestServer, TEST_DIALECT, type TestServer } from './harness.ts';
import { BrokenChannel, eventually, RecordingChannel } from './support/notification-channels.ts';

describe('the notification outbox', () => {
  let server: TestServer;
  let flaky: RecordingChannel;
  let broken: BrokenChannel;

  beforeAll(async () => {
    flaky = new RecordingChannel('push', { failFirst: 2 });
    broken = new BrokenChannel('whatsapp');
    server = await createTestServer({
      channels: [flaky, broken],
      config: { notificationRetryBaseMs: 30 },
    });
  });
  afterAll(() => server.close());

  it('retries a failing channel with backoff until it delivers, once, while a broken one holds up nothing', async () => {
    const user = await server.createUser();
    await server.ctx.notifications.notify(
      ...[1, 2, 3].map((n) => ({
        userId: user.id,
        kind: 'message' as const,
        title: `Message ${n}`,
        body: 'hello',
        link: '/messages',
        dedupeKey: `outbox-${n}`,
      })),
    );
    // The same notifications again (a retried source): nothing new is written or delivered.
    await server.ctx.notifications.notify({
      userId: user.id,
      kind: 'message',
      title: 'Message 1',
      body: 'hello',
      link: '/messages',
      dedupeKey: 'outbox-1',
    });
    await eventually(async () => flaky.delivered.length === 3);
    expect(flaky.attempts).toBe(5);
    expect(new Set(flaky.delivered.map((n) => n.id)).size).toBe(3);
    expect(flaky.delivered.map((n) => n.title).sort()).toEqual(['Message 1', 'Message 2', 'Message 3']);

    const [first] = flaky.delivered;
    const rows = await server.ctx.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, first!.id));
    expect(rows.find((row) => row.channel === 'push')).toMatchObject({ status: 'sent' });
    // The broken channel keeps retrying on its own queue, backing off; it never delivered and never blocked.
    await eventually(async () => broken.attempts >= 6);
    const whatsapp = rows.find((row) => row.channel === 'whatsapp')!;
    expect(['pending', 'sending', 'failed']).toContain(whatsapp.status);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await server.ctx.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.channel, 'whatsapp'));
    // Backoff: the waits double, so the attempts slow down (30, 60, 120 ms, ...).
    for (const row of after) expect(row.nextAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect(flaky.delivered).toHaveLength(3);
  });
});

/**
 * Two real processes work one Postgres outbox: one is killed with SIGKILL in the middle of its deliveries, the
 * other takes the work over once the dead one's claims run out, and every notification arrives exactly once.
 */
describe.skipIf(TEST_DIALECT !== 'postgres')('the outbox across two processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'autoreel-outbox-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  function startWorker(receipts: string, delayMs: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'support/notification-worker.ts')], {
      env: {
        PATH: process.env['PATH'],
        DATABASE_URL: database.url!,
        RECEIPTS: receipts,
        DELAY_MS: String(delayMs),
        NOTIFICATION_CLAIM_SECONDS: '3',
        JOB_HEARTBEAT_SECONDS: '10',
        AUTOREEL_DATA_DIR: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready')) resolve(child);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${output}`)));
    });
  }

  it('delivers each notification once when a process dies mid-delivery and another works the queue', async () => {
    const receipts = join(dir, 'receipts.txt');
    writeFileSync(receipts, '');
    const [user] = await database.handle.db
      .insert(users)
      .values({
        name: 'Buyer',
        phone: '+26876555001',
        role: 'customer',
        passwordHash: 'x',
        isPhoneVerified: true,
      })
      .returning({ id: users.id });
    const repo = new NotificationRepository(database.handle.db);
    const written = await repo.insert(
      Array.from({ length: 40 }, (_, n) => ({
        userId: user!.id,
        kind: 'saved_search_match' as const,
        title: `Match ${n}`,
        body: 'A car',
        link: '/cars/x',
        dedupeKey: `match-${n}`,
      })),
      ['push'],
    );
    const lines = () =>
      readFileSync(receipts, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ') as [string, string, string]);

    // The slow process takes a batch and hangs in it; it is killed before it finishes any.
    const slow = await startWorker(receipts, 60_000);
    await eventually(async () => lines().some(([what]) => what === 'start'), 20_000);
    const fast = await startWorker(receipts, 20);
    slow.kill('SIGKILL');

    await eventually(
      async () => lines().filter(([what]) => what === 'sent').length >= written.length,
      60_000,
    );
    const sent = lines().filter(([what]) => what === 'sent');
    const ids = sent.map(([, id]) => id);
    expect(new Set(ids).size).toBe(written.length);
    expect(ids).toHaveLength(written.length);
    // The dead process had claimed some; the live one delivered them after their claims ran out.
    const startedBySlow = lines().filter(([what, , pid]) => what === 'start' && pid === String(slow.pid));
    expect(startedBySlow.length).toBeGreaterThan(0);
    expect(sent.every(([, , pid]) => pid === String(fast.pid))).toBe(true);
    // The receipt is written inside deliver(); the row records 'sent' right after it.
    await eventually(async () =>
      (await database.handle.db.select().from(notificationDeliveries)).every((row) => row.status === 'sent'),
    );
  }, 90_000);
});
