import type { ReactNode } from 'react';
import { ApiProvider, makeQueryClient } from '../platform/ApiProvider.tsx';
import { ToastProvider } from '../kit/Toast.tsx';
import type { Host } from '../platform/host.ts';
import { HostProvider } from '../platform/HostContext.tsx';

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
