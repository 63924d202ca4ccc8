import type { DesktopBridge, EventChannel, EventMap } from '../../shared/ipc-contract.ts';
import { createInvokeDispatcher, type InvokeHandlers, type RequestSchemas } from './ipc-router.main.ts';

/** One invoke as it crossed the bridge, with the bytes each way (what IPC would have copied). */
export interface BridgeCrossing {
  channel: string;
  requestBytes: number;
  answerBytes: number;
}

/** Bytes of every binary value inside a payload. */
function bytesIn(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (typeof value !== 'object' || value === null) return 0;
  return Object.values(value).reduce((sum: number, item) => sum + bytesIn(item), 0);
}

/**
 * The preload bridge without Electron: requests go through the same validating dispatcher main registers, after a
 * structured clone (what IPC does to every payload), and events come back the same way. `crossings`, when given,
 * records each invoke and the bytes it carried.
 */
export function inProcessBridge(
  handlers: InvokeHandlers,
  schemas: RequestSchemas,
  crossings?: BridgeCrossing[],
): DesktopBridge {
  const dispatch = createInvokeDispatcher(handlers, schemas);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const context = {
    emit<E extends EventChannel>(channel: E, payload: EventMap[E]) {
      for (const listener of listeners.get(channel) ?? []) listener(structuredClone(payload));
    },
  };
  return {
    async invoke(channel, request) {
      const answer = await dispatch(channel, structuredClone(request), context);
      crossings?.push({ channel, requestBytes: bytesIn(request), answerBytes: bytesIn(answer) });
      return structuredClone(answer);
    },
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}
