import { ApiProvider } from './api/ApiProvider.tsx';
import { ToastProvider } from './components/Toast.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { VIEW_COMPONENTS } from './view-registry.tsx';
import './styles/base.css';

export interface AppProps {
  /** The API base; '/api' on the web (same origin). */
  apiBaseUrl?: string;
  /** Prefix for relative media paths; empty on the web. */
  mediaBase?: string;
}

/** The application shared by the storefront and the dealer console: API, toasts and the shell. */
export function App({ apiBaseUrl = '/api', mediaBase = '' }: AppProps) {
  return (
    <ApiProvider baseUrl={apiBaseUrl} mediaBase={mediaBase}>
      <ToastProvider>
        <AppShell views={VIEW_COMPONENTS} />
      </ToastProvider>
    </ApiProvider>
  );
}
