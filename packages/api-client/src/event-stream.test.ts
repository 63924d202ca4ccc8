import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type SessionTokens } from './http-client.ts';
import type { MessageStreamEvent } from '@autoreel/core';

/** A stream route that only takes 'fresh' tokens and a refresh route that hands one out. */
let server: Server;
let baseUrl: string;
const streamAuth: (string | undefined)[] = [];
let refreshes = 0;
let refreshWorks = true;
let open: ServerResponse | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/api/auth/refresh-token') {
      refreshes += 1;
      res.writeHead(refreshWorks ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          refreshWorks
            ? { success: true, data: { accessToken: 'fresh', refreshToken: 'r2' } }
            : { success: false, error: 'Invalid refresh token' },
        ),
      );
      return;
    }
    streamAuth.push(req.headers.authorization);
    if (req.headers.authorization !== 'Bearer fresh') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'Invalid or expired token' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 50\n\nevent: unread\ndata: {"unreadCount":3}\n\n');
    open = res;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

function tokens(initial: SessionTokens | null) {
  const store = {
    current: initial,
    load: () => Promise.resolve(store.current),
    save: (next: SessionTokens) => {
      store.current = next;
      return Promise.resolve();
    },
    clear: () => {
      store.current = null;
      return Promise.resolve();
    },
  };
  return store;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('client.stream', () => {
  it('refreshes an expired token on 401, then delivers the events the contract lists and reconnects', async () => {
    streamAuth.length = 0;
    refreshes = 0;
    refreshWorks = true;
    const store = tokens({ accessToken: 'stale', refreshToken: 'r1' });
    const client = createApiClient({ baseUrl, tokens: store });
    const events: MessageStreamEvent[] = [];
    let opens = 0;
    const stop = client.stream('/messages/stream', {
      onEvent: (event) => events.push(event),
      onOpen: () => (opens += 1),
    });
    await until(() => events.length === 1);
    expect(events[0]).toEqual({ event: 'unread', data: { unreadCount: 3 } });
    expect(streamAuth).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(refreshes).toBe(1);
    expect(store.current?.accessToken).toBe('fresh');

    // A message event without the contract's fields is dropped; the next event still arrives, in order.
    open?.write('event: message\ndata: {"id":"m1"}\n\nevent: unread\ndata: {"unreadCount":4}\n\n');
    await until(() => events.length === 2);
    expect(events[1]).toEqual({ event: 'unread', data: { unreadCount: 4 } });
    // The server ends the stream: after its retry delay the client connects again and is told the count anew.
    open?.end();
    await until(() => opens === 2 && events.length === 3);
    stop();
  });

  it('ends when the session cannot be refreshed', async () => {
    refreshWorks = false;
    let ended = false;
    let sessionEnded = false;
    const store = tokens({ accessToken: 'stale', refreshToken: 'r1' });
    const client = createApiClient({
      baseUrl,
      tokens: store,
      onSessionEnded: () => (sessionEnded = true),
    });
    client.stream('/messages/stream', { onEvent: () => undefined, onEnd: () => (ended = true) });
    await until(() => ended);
    expect(sessionEnded).toBe(true);
    expect(store.current).toBeNull();
  });
});
