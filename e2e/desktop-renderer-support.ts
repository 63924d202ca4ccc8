import { execSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { consoleServices } from '../apps/desktop/src/main/ipc/console-services.test-support.ts';
import { createInvokeHandlers } from '../apps/desktop/src/main/ipc/invoke-handlers.main.ts';
import {
  registerInvokeHandlers,
  type IpcMainLike,
  type IpcSenderEvent,
} from '../apps/desktop/src/main/ipc/ipc-router.main.ts';
import { requestSchemas } from '../apps/desktop/src/main/ipc/ipc-schemas.main.ts';
import { APP_ORIGIN, routeAppRequest } from '../apps/desktop/src/main/window/app-protocol.main.ts';
import { isAppUrl } from '../apps/desktop/src/main/window/navigation-policy.main.ts';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type DesktopBridge,
  type EventChannel,
  type EventMap,
  type InvokeChannel,
} from '../apps/desktop/src/shared/ipc-contract.ts';

/**
 * The dealer console's renderer build in plain Chromium, with the Electron parts played by the console's own
 * main-process code running in the test's Node process: the same handlers, zod schemas, sender check and app://
 * routing main registers, so only Electron's transport (ipcMain, contextBridge, protocol.handle) is replaced.
 */

declare global {
  interface Window {
    /** What the renderer's main.tsx reads: the preload's bridge, or this file's stand-in for it. */
    autoreel: DesktopBridge;
  }
}

const root = join(import.meta.dirname, '..');
export const rendererDir = join(root, 'apps/desktop/out/renderer');

/** Sources the renderer bundle is built from: a build older than any of them is stale. */
const rendererSources = [
  'apps/desktop/src/renderer',
  'apps/desktop/src/shared',
  'packages/ui/src',
  'packages/api-client/src',
  'packages/core/src',
].map((dir) => join(root, dir));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build:desktop` when out/renderer is missing or older than its sources. */
export function ensureRendererBuild(): void {
  const index = join(rendererDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > Math.max(...rendererSources.map(newestMtime))) return;
  execSync('npm run build:desktop', { cwd: root, stdio: 'inherit' });
}

/**
 * What main's app:// protocol does, over HTTP on localhost (a secure context, as app:// is): renderer files with
 * index.html for the app's routes, and /api and /media passed through to the API. Routing is main's own
 * routeAppRequest, asked with the same path on the app:// origin.
 */
export async function startConsoleOrigin(apiBaseUrl: string) {
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const route = routeAppRequest(`${APP_ORIGIN}${req.url ?? '/'}`, { rendererDir, apiBaseUrl });
    if (route.kind === 'not-found' || (route.kind === 'file' && !existsSync(route.path))) {
      res.writeHead(404).end('Not found');
      return;
    }
    if (route.kind === 'file') {
      res.writeHead(200, { 'content-type': route.type });
      createReadStream(route.path).pipe(res);
      return;
    }
    const target = new URL(route.target);
    // Streamed both ways, as main does, so video uploads and range requests pass through untouched.
    const upstream = forward(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The transport under the bridge: a Playwright binding from the page, an evaluate back to it for events. */
const transport = { invoke: '__consoleIpcInvoke', emit: '__consoleIpcEmit' } as const;

type BridgeWindow = Window & {
  [transport.invoke]: (channel: InvokeChannel, request: unknown) => Promise<unknown>;
  [transport.emit]: (channel: EventChannel, payload: unknown) => void;
};

/**
 * The preload's bridge, rebuilt for the page before any of its scripts run: invoke checks the channel against the
 * contract's list and forwards; on subscribes to a contract event. Typed as the contract's DesktopBridge, so a
 * contract change that the preload would have to follow breaks this file at compile time too. Runs in the page:
 * everything it uses comes in as its argument.
 */
function installBridge(channels: {
  invoke: readonly string[];
  events: readonly string[];
  transport: typeof transport;
}) {
  const page = window as unknown as BridgeWindow;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const bridge: DesktopBridge = {
    invoke(channel, request) {
      if (!channels.invoke.includes(channel)) return Promise.reject(new Error(`Unknown channel ${channel}`));
      return page[channels.transport.invoke](channel, request);
    },
    on<C extends EventChannel>(channel: C, listener: (payload: EventMap[C]) => void) {
      if (!channels.events.includes(channel)) throw new Error(`Unknown event ${channel}`);
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => {
        set.delete(wrapped);
      };
    },
  };
  page[channels.transport.emit] = (channel, payload) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
  Object.defineProperty(window, 'autoreel', { value: Object.freeze(bridge), enumerable: true });
}

/**
 * Wires one page to the console's main-process services. The API calls main makes itself (sign-in, refresh,
 * logout) go to the real API; the system dialog answers with `picked`. The token vault is the in-memory store,
 * which main uses when the OS keychain cannot be opened: the real keychain is covered by the Vitest suite
 * (token-vault.test.ts, against a private gnome-keyring).
 */
export async function attachConsoleMain(
  page: Page,
  options: { origin: string; apiBaseUrl: string; picked: string[] },
) {
  const main = consoleServices({ apiBaseUrl: options.apiBaseUrl, picked: options.picked });
  // The page calls its own origin, which forwards to the API, as on app://console.
  const info = () => ({
    ...main.services.info(),
    apiBaseUrl: `${options.origin}/api`,
    mediaBase: options.origin,
  });
  const registered = new Map<string, (event: IpcSenderEvent, payload: unknown) => unknown>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => registered.set(channel, listener) };
  registerInvokeHandlers(ipcMain, createInvokeHandlers({ ...main.services, info }), requestSchemas, (url) =>
    isAppUrl(url, { devServerUrl: options.origin }),
  );

  const invoked: string[] = [];
  const emitted: EventChannel[] = [];
  const answers = new Map<string, unknown>();
  await page.exposeBinding(transport.invoke, async (source, channel: string, request: unknown) => {
    const handler = registered.get(channel);
    if (!handler) throw new Error(`No handler registered for ${channel}`);
    invoked.push(channel);
    const event: IpcSenderEvent = {
      senderFrame: { url: source.frame.url() },
      sender: {
        send: (name, payload) => {
          emitted.push(name as EventChannel);
          void source.page
            .evaluate(([fn, channel, data]) => (window as unknown as BridgeWindow)[fn](channel, data), [
              transport.emit,
              name as EventChannel,
              payload,
            ] as const)
            .catch(() => undefined);
        },
        isDestroyed: () => source.page.isClosed(),
      },
    };
    const answer = await handler(event, request);
    answers.set(channel, answer);
    return answer;
  });
  await page.addInitScript(installBridge, { invoke: INVOKE_CHANNELS, events: EVENT_CHANNELS, transport });
  // What crossed the bridge (channels invoked, each one's latest answer, events sent), so the spec can tell which
  // main-process services did the work.
  return {
    vault: main.services.vault,
    settings: main.store,
    invoked,
    answers,
    emitted,
    cleanup: main.cleanup,
  };
}
