import { ApiProvider } from './platform/ApiProvider.tsx';
import type { FirstAnswers } from './platform/first-answers.ts';
import { ToastProvider } from './kit/Toast.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { VIEW_COMPONENTS } from './view-registry.tsx';
import './styles/base.css';

export interface AppProps {
  /** The API base; '/api' on the web (same origin). */
  apiBaseUrl?: string;
  /** Prefix for relative media paths; empty on the web. */
  mediaBase?: string;
  /** The API answers the page was rendered with, by URL (the server's render and the client's hydration). */
  firstAnswers?: FirstAnswers;
  /** The page holds the server's render of its first screen, which this render must match (AppShell). */
  firstScreenRendered?: boolean;
}

/** The application shared by the storefront and the dealer console: API, toasts and the shell. */
export function App({ apiBaseUrl = '/api', mediaBase = '', firstAnswers, firstScreenRendered }: AppProps) {
  return (
    <ApiProvider baseUrl={apiBaseUrl} mediaBase={mediaBase} firstAnswers={firstAnswers}>
      <ToastProvider>
        <AppShell views={VIEW_COMPONENTS} firstScreenRendered={firstScreenRendered} />
      </ToastProvider>
    </ApiProvider>
  );
}
