import type { ReactNode } from 'react';
import { ApiProvider, makeQueryClient } from '../api/ApiProvider.tsx';
import { ToastProvider } from '../components/Toast.tsx';
import type { Host } from '../host.ts';
import { HostProvider } from '../HostContext.tsx';

/** The providers a screen needs, around one fresh QueryClient: for tests and stories. */
export function TestProviders({
  host,
  baseUrl,
  children,
}: {
  host: Host;
  baseUrl: string;
  children: ReactNode;
}) {
  return (
    <HostProvider host={host}>
      <ApiProvider baseUrl={baseUrl} queryClient={makeQueryClient()}>
        <ToastProvider>{children}</ToastProvider>
      </ApiProvider>
    </HostProvider>
  );
}
