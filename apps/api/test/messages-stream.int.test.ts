import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase, resultRows } from '../src/db/client.ts';
import { AccountStatusRepository } from '../src/accounts/account-status.repository.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../src/accounts/access-token.service.ts';
import { SignedInCheck } from '../src/accounts/signed-in-check.service.ts';
import { MAX_STREAMS_PER_USER } from '../src/messaging/message-events.service.ts';
import { createTestServer, TEST_DIALECT, type TestServer, type TestUser } from './harness.ts';

interface SseEvent {
  event: string;
  data: any;
}

/** Reads a real text/event-stream over HTTP, as a browser's EventSource would. */
class StreamReader {
  readonly events: SseEvent[] = [];
  comments = 0;
  status = 0;
  ended = false;
  #abort = new AbortController();
  #done: Promise<void> = Promise.resolve();
  #waiters: (() => void)[] = [];

  async open(url: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: this.#abort.signal,
    });
    this.status = res.status;
    if (!res.ok || !res.body) return res;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    this.#done = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            this.#frame(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
          }
        }
      } catch {
        // Aborted by close().
      }
      this.ended = true;
    })();
    return res;
  }

  #frame(frame: string) {
    let event = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) this.comments += 1;
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) this.events.push({ event, data: JSON.parse(data.join('\n')) });
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Waits (at most a couple of seconds) for an event that matches. */
  async next(match: (event: SseEvent) => boolean, timeoutMs = 3000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close() {
    this.#abort.abort();
    await this.#done;
  }
}

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await createTestServer();
  server.ctx.messageEvents.heartbeatIntervalMs = 100;
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => server.close());

async function post(
  user: TestUser,
  path: string,
  body: unknown,
  method = 'POST',
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...user.auth,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('GET /messages/stream', () => {
  it('delivers a new message to both sides, then the read receipt to the sender', async () => {
    const alice = await server.createUser({ name: 'Alice' });
    const bob = await server.createUser({ name: 'Bob' });
    const bobStream = new StreamReader();
    const aliceStream = new StreamReader();
    try {
      // EventSource cannot send headers: the token comes in the query.
      const opened = await bobStream.open(`${base}/api/messages/stream?token=${bob.token}`);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await aliceStream.open(`${base}/api/messages/stream`, alice.auth);
      expect((await bobStream.next((e) => e.event === 'unread')).data).toEqual({ unreadCount: 0 });
      await aliceStream.next((e) => e.event === 'unread');

      const sent = await post(alice, '/api/messages/send', {
        receiverId: bob.id,
        message: 'Live?',
        messageType: 'text',
      });
      expect(sent.status).toBe(201);
      const id = sent.body.data.message.id;

      const received = await bobStream.next((e) => e.event === 'message');
      expect(received.data.message).toMatchObject({
        id,
        message: 'Live?',
        senderId: alice.id,
        isRead: false,
      });
      expect((await bobStream.next((e) => e.event === 'unread' && e.data.unreadCount === 1)).data).toEqual({
        unreadCount: 1,
      });
      expect((await aliceStream.next((e) => e.event === 'message')).data.message.id).toBe(id);

      const read = await post(bob, `/api/messages/${id}/read`, undefined, 'PUT');
      expect(read.status).toBe(200);
      const receipt = await aliceStream.next((e) => e.event === 'read');
      expect(receipt.data).toMatchObject({
        conversationId: sent.body.data.message.conversationId,
        messageIds: [id],
        readerId: bob.id,
      });
      expect(typeof receipt.data.readAt).toBe('string');
      await bobStream.next((e) => e.event === 'unread' && e.data.unreadCount === 0);
      // Heartbeats keep the stream alive.
      const deadline = Date.now() + 2000;
      while (bobStream.comments === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(bobStream.comments).toBeGreaterThan(0);
    } finally {
      await bobStream.close();
      await aliceStream.close();
    }
  });

  it("echoes the send's Idempotency-Key as clientId: in its answer, and on the sender's stream only", async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const aliceStream = new StreamReader();
    const bobStream = new StreamReader();
    try {
      await aliceStream.open(`${base}/api/messages/stream`, alice.auth);
      await bobStream.open(`${base}/api/messages/stream`, bob.auth);
      await aliceStream.next((e) => e.event === 'unread');
      await bobStream.next((e) => e.event === 'unread');

      // Two identical texts at once, each with its own key: each answer and each event names its own.
      const body = { receiverId: bob.id, message: 'Same words', messageType: 'text' };
      const [first, second] = await Promise.all([
        post(alice, '/api/messages/send', body, 'POST', { 'Idempotency-Key': 'local-1-a' }),
        post(alice, '/api/messages/send', body, 'POST', { 'Idempotency-Key': 'local-2-b' }),
      ]);
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(first.body.data.clientId).toBe('local-1-a');
      expect(second.body.data.clientId).toBe('local-2-b');
      const ids = [first.body.data.message.id, second.body.data.message.id];
      for (const [index, id] of ids.entries()) {
        const own = await aliceStream.next((e) => e.event === 'message' && e.data.message.id === id);
        expect(own.data.clientId).toBe(index === 0 ? 'local-1-a' : 'local-2-b');
        // The key is the sender's own: the receiver's copy does not carry it.
        const theirs = await bobStream.next((e) => e.event === 'message' && e.data.message.id === id);
        expect(theirs.data.clientId).toBeNull();
      }

      // A retry with the same key answers the first answer, key included.
      const retried = await post(alice, '/api/messages/send', body, 'POST', {
        'Idempotency-Key': 'local-1-a',
      });
      expect(retried.status).toBe(201);
      expect(retried.body.data).toEqual(first.body.data);

      // Without a key there is nothing to echo.
      const bare = await post(alice, '/api/messages/send', body);
      expect(bare.body.data.clientId).toBeNull();
      const event = await aliceStream.next(
        (e) => e.event === 'message' && e.data.message.id === bare.body.data.message.id,
      );
      expect(event.data.clientId).toBeNull();
    } finally {
      await aliceStream.close();
      await bobStream.close();
    }
  });

  it('keeps other users out: a stream only carries the events of its own user', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const eve = await server.createUser();
    const eveStream = new StreamReader();
    try {
      await eveStream.open(`${base}/api/messages/stream?token=${eve.token}`);
      await eveStream.next((e) => e.event === 'unread');
      await post(alice, '/api/messages/send', { receiverId: bob.id, message: 'secret', messageType: 'text' });
      await new Promise((r) => setTimeout(r, 300));
      expect(eveStream.events.filter((e) => e.event !== 'unread')).toEqual([]);
    } finally {
      await eveStream.close();
    }
  });

  it('refuses a missing or bad token with 401', async () => {
    const none = await fetch(`${base}/api/messages/stream`);
    expect(none.status).toBe(401);
    const bad = await fetch(`${base}/api/messages/stream?token=nonsense`);
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { message: string }).message).toBe('Invalid or expired token');
  });

  it('ends a stream when its access token expires, so the client refreshes and reconnects', async () => {
    const user = await server.createUser();
    // Signed so that it expires about a second from now.
    const token = await server.ctx.tokens.sign(
      { id: user.id, role: user.role },
      new Date(Date.now() - ACCESS_TOKEN_TTL_SECONDS * 1000 + 1500),
    );
    const stream = new StreamReader();
    try {
      await stream.open(`${base}/api/messages/stream?token=${token}`);
      await stream.next((e) => e.event === 'unread');
      const deadline = Date.now() + 4000;
      while (!stream.ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(stream.ended).toBe(true);
      const again = await fetch(`${base}/api/messages/stream?token=${token}`);
      expect(again.status).toBe(401);
    } finally {
      await stream.close();
    }
  });

  it('forgets a stream when its client disconnects', async () => {
    const user = await server.createUser();
    const before = server.ctx.messageEvents.openStreams;
    const stream = new StreamReader();
    await stream.open(`${base}/api/messages/stream?token=${user.token}`);
    await stream.next((e) => e.event === 'unread');
    expect(server.ctx.messageEvents.openStreams).toBe(before + 1);
    await stream.close();
    const deadline = Date.now() + 2000;
    while (server.ctx.messageEvents.openStreams > before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(server.ctx.messageEvents.openStreams).toBe(before);
  });

  it("holds a user's live streams to a few: each one opened past them closes the oldest", async () => {
    const user = await server.createUser();
    const before = server.ctx.messageEvents.openStreams;
    const streams: StreamReader[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER + 7; i += 1) {
        const stream = new StreamReader();
        streams.push(stream);
        await stream.open(`${base}/api/messages/stream?token=${user.token}`);
        expect(stream.status).toBe(200);
        await stream.next((e) => e.event === 'unread');
      }
      const deadline = Date.now() + 3000;
      while (streams.filter((s) => s.ended).length < 7 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      // The first seven (the oldest) were ended by the server; the newest are live and still get events.
      expect(streams.map((s) => s.ended)).toEqual([
        ...Array<boolean>(7).fill(true),
        ...Array<boolean>(MAX_STREAMS_PER_USER).fill(false),
      ]);
      expect(server.ctx.messageEvents.openStreams).toBe(before + MAX_STREAMS_PER_USER);
      const sender = await server.createUser();
      const sent = await post(sender, '/api/messages/send', {
        receiverId: user.id,
        message: 'Still live?',
        messageType: 'text',
      });
      expect(sent.status).toBe(201);
      for (const stream of streams.slice(7)) {
        await stream.next((e) => e.event === 'message' && e.data.message.message === 'Still live?');
      }
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });

  it('closes the server promptly while a stream is open', async () => {
    const other = await createTestServer();
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const address = other.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const user = await other.createUser();
    const stream = new StreamReader();
    await stream.open(`http://127.0.0.1:${address.port}/api/messages/stream?token=${user.token}`);
    await stream.next((e) => e.event === 'unread');
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await stream.close();
  });
});

describe.runIf(TEST_DIALECT === 'postgres')('two API processes on one database', () => {
  it('delivers a message sent through instance A to a stream opened on instance B', async () => {
    // Instance B: its own context, pool and LISTEN connection over the same Postgres database as A.
    const url = process.env['AUTOREEL_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const rows = resultRows<{ name: string }>(
      await server.ctx.db.execute(sql`select current_database() as name`),
    );
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${rows[0]!.name}`;
    const database = await openDatabase({ url: databaseUrl.toString(), poolSize: 2 });
    const config = {
      ...loadConfig({}),
      storefrontDir: undefined,
      logLevel: 'silent',
      dataDir: `/tmp/autoreel-b-${randomBytes(4).toString('hex')}`,
    };
    // Both instances must accept the same tokens, as processes behind one load balancer share JWT_SECRET.
    const ctxB = createContext(config, database, 'unused');
    ctxB.tokens = server.ctx.tokens;
    ctxB.signedIn = new SignedInCheck(server.ctx.tokens, new AccountStatusRepository(database.db));
    const appB = await buildApp(ctxB);
    await appB.listen({ host: '127.0.0.1', port: 0 });
    const address = appB.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const stream = new StreamReader();
    const senderStream = new StreamReader();
    try {
      const alice = await server.createUser();
      const bob = await server.createUser();
      await stream.open(`http://127.0.0.1:${address.port}/api/messages/stream?token=${bob.token}`);
      await senderStream.open(`http://127.0.0.1:${address.port}/api/messages/stream?token=${alice.token}`);
      await stream.next((e) => e.event === 'unread');
      await senderStream.next((e) => e.event === 'unread');
      const sent = await post(
        alice,
        '/api/messages/send',
        { receiverId: bob.id, message: 'Across', messageType: 'text' },
        'POST',
        { 'Idempotency-Key': 'across-1' },
      );
      expect(sent.status).toBe(201);
      const received = await stream.next((e) => e.event === 'message');
      expect(received.data.message).toMatchObject({ id: sent.body.data.message.id, message: 'Across' });
      expect(received.data.clientId).toBeNull();
      // The client id travels in the notification, so the sender's stream on the other process has it too.
      const own = await senderStream.next((e) => e.event === 'message');
      expect(own.data.clientId).toBe('across-1');
    } finally {
      await stream.close();
      await senderStream.close();
      await appB.close();
      await database.close();
    }
  });
});
