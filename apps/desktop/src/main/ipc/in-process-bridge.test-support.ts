import type { DesktopBridge, EventChannel, EventMap } from '../../shared/ipc-contract.ts';
import { createInvokeDispatcher, type InvokeHandlers, type RequestSchemas } from './ipc-router.main.ts';

/**
 * The preload bridge without Electron: requests go through the same validating dispatcher main registers, after a
 * structured clone (what IPC does to every payload), and events come back the same way.
 */
export function inProcessBridge(handlers: InvokeHandlers, schemas: RequestSchemas): DesktopBridge {
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
