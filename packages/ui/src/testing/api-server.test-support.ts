import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, type ApiClient } from '@autoreel/api-client';
import type { Host, HostTokens } from '../platform/host.ts';

/** One recorded call to the test server. */
export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters (the route is chosen by the path alone). */
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  headers: IncomingHttpHeaders;
  /** When the request arrived (Date.now()). */
  at: number;
}

export interface Reply {
  status?: number;
  body: unknown;
  /** Keeps the response open as a text/event-stream; `push` writes to it. */
  eventStream?: boolean;
}

export type Route = (call: RecordedCall) => Reply | Promise<Reply>;

/** A real HTTP server on a free loopback port answering with the API's envelope, for UI tests that make calls. */
export interface TestApiServer {
  baseUrl: string;
  calls: RecordedCall[];
  /** Sets the answer for 'METHOD /path' (path relative to /api). */
  on(key: string, route: Route | Reply): void;
  /** Sends a Server-Sent Event to every open event stream; resolves once one is open. */
  push(event: string, data: unknown): Promise<void>;
  close(): Promise<void>;
}

/** An answer that stays open as an event stream (see TestApiServer.push). */
export const eventStream = (): Reply => ({ status: 200, body: null, eventStream: true });

export const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
export const fail = (status: number, message: string): Reply => ({
  status,
  body: { success: false, error: message, message },
});

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  // Multipart uploads are kept as text; everything else the UI sends is JSON.
  if (!(request.headers['content-type'] ?? '').includes('json')) return text;
  return JSON.parse(text) as unknown;
}

export async function startTestApi(): Promise<TestApiServer> {
  const routes = new Map<string, Route>();
  const calls: RecordedCall[] = [];
  const streams = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'OPTIONS') {
        // happy-dom's fetch enforces CORS like a browser; answer its preflight.
        response.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET,POST,PUT,DELETE',
          'access-control-allow-headers': 'authorization,content-type,accept,idempotency-key,x-client-source',
        });
        response.end();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://localhost');
      const path = url.pathname.replace(/^\/api/, '');
      const call: RecordedCall = {
        method: request.method ?? 'GET',
        path,
        query: Object.fromEntries(url.searchParams),
        body: await readJson(request),
        authorization: request.headers.authorization,
        headers: request.headers,
        at: Date.now(),
      };
      calls.push(call);
      const route = routes.get(`${call.method} ${path}`);
      const reply = route ? await route(call) : fail(404, `No route for ${call.method} ${path}`);
      if (reply.eventStream) {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' });
        response.write('retry: 3000\n\n');
        streams.add(response);
        response.on('close', () => streams.delete(response));
        return;
      }
      response.writeHead(reply.status ?? 200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      response.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    calls,
    on(key, route) {
      routes.set(key, typeof route === 'function' ? route : () => route);
    },
    async push(event, data) {
      for (let i = 0; i < 200 && streams.size === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
      if (streams.size === 0) throw new Error('No event stream is open');
      for (const response of streams) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Host keeping everything in memory, with the stored values open to assertions. */
export function memoryHost(initial: { tokens?: HostTokens | null; user?: unknown } = {}) {
  const store: { tokens: HostTokens | null; user: unknown } = {
    tokens: initial.tokens ?? null,
    user: initial.user ?? null,
  };
  const host: Host = {
    kind: 'web',
    tokens: {
      load: () => Promise.resolve(store.tokens),
      save(tokens) {
        store.tokens = tokens;
        return Promise.resolve();
      },
      clear() {
        store.tokens = null;
        return Promise.resolve();
      },
    },
    user: {
      load: () => Promise.resolve(store.user),
      save(user) {
        store.user = user;
        return Promise.resolve();
      },
      clear() {
        store.user = null;
        return Promise.resolve();
      },
    },
    share: () => Promise.resolve(false),
    copyToClipboard: () => Promise.resolve(),
    vibrate: () => undefined,
    pickFiles: () => Promise.resolve([]),
    prepareVideo: (file) => Promise.resolve({ file, transformed: false }),
    openExternal: () => undefined,
    notify: () => undefined,
    setBadgeCount: () => undefined,
    onNotificationOpen: () => () => undefined,
    push: null,
  };
  return { host, store };
}

export function clientFor(baseUrl: string, host: Host): ApiClient {
  return createApiClient({ baseUrl, tokens: host.tokens });
}

export const demoUser = (overrides: Record<string, unknown> = {}) => ({
  id: 'u1',
  _id: 'u1',
  name: 'Thandi Dlamini',
  role: 'customer',
  phone: '+26876000003',
  isPhoneVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
