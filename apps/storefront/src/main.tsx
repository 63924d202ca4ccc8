import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@autoreel/ui/tokens.css';
import { App, HostProvider } from '@autoreel/ui';
import { webHost } from './web-host.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// As a transition the first render yields to the browser every few milliseconds instead of holding the main thread
// in one long task, so a tap during start-up is answered (Total Blocking Time on a slow phone).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <HostProvider host={webHost}>
        <App />
      </HostProvider>
    </StrictMode>,
  );
});
