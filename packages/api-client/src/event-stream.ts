import { createSseParser, type ServerEvent } from './sse-parser.ts';

/** What a stream's listener is told; `E` is the event type, raw server events unless read by the contract. */
export interface StreamHandlers<E = ServerEvent> {
  onEvent(event: E): void;
  /** Each (re)connection: events sent while the stream was down are not replayed, so reload what matters. */
  onOpen?(): void;
  /** The stream stopped for good: there is no session (any more) to listen with. */
  onEnd?(): void;
}

export interface EventStreamOptions {
  url: string;
  fetch: typeof fetch;
  accessToken(): Promise<string | null>;
  /** A new access token, or null when the session could not be refreshed (and has ended). */
  refreshSession(): Promise<string | null>;
  handlers: StreamHandlers;
}

/** Used until the server sends its own `retry:` delay. */
export const DEFAULT_RETRY_MS = 3000;
/** Failed connections back off up to this delay, so a server that is down is not hammered. */
export const MAX_RETRY_MS = 30_000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Server-Sent Events over fetch rather than EventSource: fetch sends the bearer header (no token in a URL, where
 * logs and history keep it) and shows the status, so a 401 (the stream's token expired) leads to one refresh and a
 * new connection, while other failures back off and retry.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const { handlers } = options;

  async function readEvents(body: ReadableStream<Uint8Array>): Promise<number | undefined> {
    const parser = createSseParser();
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || signal.aborted) break;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) handlers.onEvent(event);
      }
    } catch {
      // The connection dropped; the loop reconnects.
    } finally {
      reader.releaseLock();
    }
    return parser.retryMs;
  }

  async function run(): Promise<void> {
    let retryMs = DEFAULT_RETRY_MS;
    let failures = 0;
    let refusedInARow = 0;
    while (!signal.aborted) {
      const token = await options.accessToken();
      if (!token) break;
      let response: Response | undefined;
      try {
        response = await options.fetch(options.url, {
          headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
          signal,
        });
      } catch {
        response = undefined;
      }
      if (signal.aborted) break;
      if (response?.status === 401) {
        await response.body?.cancel().catch(() => undefined);
        refusedInARow += 1;
        // A fresh token refused too means the session is not coming back through this stream.
        if (refusedInARow > 1 || !(await options.refreshSession())) break;
        continue;
      }
      refusedInARow = 0;
      if (!response?.ok || !response.body) {
        await response?.body?.cancel().catch(() => undefined);
        failures += 1;
        await pause(Math.min(MAX_RETRY_MS, retryMs * 2 ** (failures - 1)), signal);
        continue;
      }
      failures = 0;
      handlers.onOpen?.();
      retryMs = (await readEvents(response.body)) ?? retryMs;
      await pause(retryMs, signal);
    }
    if (!signal.aborted) handlers.onEnd?.();
  }

  void run();
  return () => controller.abort();
}
