import { contextBridge } from 'electron';

/** The one object the renderer may use to reach the main process. */
const bridge = {
  platform: process.platform,
};

export type DesktopBridge = typeof bridge;

contextBridge.exposeInMainWorld('autoreel', bridge);
