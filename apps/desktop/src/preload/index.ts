import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type DesktopBridge,
  type EventChannel,
  type EventMap,
} from '../shared/ipc-contract.ts';

const invokeChannels = new Set<string>(INVOKE_CHANNELS);
const eventChannels = new Set<string>(EVENT_CHANNELS);

/**
 * The one object the renderer may use to reach the main process: invoke a channel of the contract, or listen to
 * one of its events. Nothing else of ipcRenderer (send, sendSync, arbitrary channels) crosses the bridge.
 */
const bridge: DesktopBridge = {
  invoke(channel, request) {
    if (!invokeChannels.has(channel)) return Promise.reject(new Error(`Unknown channel ${channel}`));
    return ipcRenderer.invoke(channel, request) as Promise<never>;
  },
  on<C extends EventChannel>(channel: C, listener: (payload: EventMap[C]) => void) {
    if (!eventChannels.has(channel)) throw new Error(`Unknown event ${channel}`);
    // The renderer never sees the IPC event object (it exposes the sender).
    const forward = (_event: IpcRendererEvent, payload: EventMap[C]) => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
};

contextBridge.exposeInMainWorld('autoreel', bridge);
