import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@autoreel/ui/tokens.css';
import { App, HostProvider } from '@autoreel/ui';
import { desktopHost } from './desktop-host.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <HostProvider host={desktopHost}>
      <App />
    </HostProvider>
  </StrictMode>,
);
