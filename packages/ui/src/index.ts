export type { Host } from './host.ts';
export { HostProvider, useHost } from './HostContext.tsx';
export { App } from './App.tsx';
