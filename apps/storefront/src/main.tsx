import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@autoreel/ui/tokens.css';
import { App, HostProvider, locationFromUrl, preloadFirstScreen, useNavigation } from '@autoreel/ui';
import { webHost } from './web-host.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The server rendered this route's first screen into #root (entry-server.tsx): the app takes it over (hydration)
// instead of drawing it again. Elsewhere #root is empty and the app renders from scratch.
const rendered = root.hasChildNodes();
const here = locationFromUrl(window.location.pathname, window.location.search);
// The server rendered the view the URL names; the first render here must be the same one, with its code at hand.
if (rendered) useNavigation.getState().restore(here);
const ready = rendered ? preloadFirstScreen(here.view).catch(() => undefined) : Promise.resolve();
const app = (
  <StrictMode>
    <HostProvider host={webHost}>
      <App firstScreenRendered={rendered} />
    </HostProvider>
  </StrictMode>
);
// As a transition the first render (or hydration) yields to the browser every few milliseconds instead of holding
// the main thread in one long task, so a tap during start-up is answered (Total Blocking Time on a slow phone).
void ready.then(() =>
  startTransition(() => {
    if (rendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  }),
);
