import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@autoreel/ui/tokens.css';
import { App, DraftStoreProvider, HostProvider } from '@autoreel/ui';
import type { DesktopBridge } from '../../shared/ipc-contract.ts';
import { DeepLinkOpener, listenForDeepLinks, listenForNotificationOpens } from './DeepLinkOpener.tsx';
import { createDesktopDraftStore, createDesktopHost } from './desktop-host.ts';
import { KeychainNotice } from './KeychainNotice.tsx';
import { createMainRoutedFetch } from './main-routed-fetch.ts';
import './desktop.css';

declare global {
  interface Window {
    autoreel: DesktopBridge;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const bridge = window.autoreel;
listenForDeepLinks(bridge);
listenForNotificationOpens(bridge);
const info = await bridge.invoke('app.info', undefined);

globalThis.fetch = createMainRoutedFetch(globalThis.fetch.bind(globalThis), bridge, info.apiBaseUrl);

createRoot(root).render(
  <StrictMode>
    <HostProvider host={createDesktopHost(bridge)}>
      <DraftStoreProvider store={createDesktopDraftStore(bridge)}>
        <KeychainNotice info={info} />
        <App apiBaseUrl={info.apiBaseUrl} mediaBase={info.mediaBase} />
        <DeepLinkOpener />
      </DraftStoreProvider>
    </HostProvider>
  </StrictMode>,
);
