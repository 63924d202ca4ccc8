import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '@autoreel/api-client';
import { resolveAssetUrl } from '@autoreel/core';
import { useHost } from './HostContext.tsx';
import { endSession } from '../state/session.ts';
import { firstAnswersFetch, heldAnswer, takeFirstAnswer, type FirstAnswers } from './first-answers.ts';

export interface Api {
  client: ApiClient;
  /**
   * An absolute or root-relative URL for a media or image path from the API (SPEC 7: paths that are not absolute
   * are prefixed with the media base). On the web the base is the page's own origin.
   */
  assetUrl: (path: string | null | undefined) => string | undefined;
}

const ApiContext = createContext<Api | null>(null);

export interface ApiProviderProps {
  /** The API base, '/api' on the web; the desktop app passes the server's full address. */
  baseUrl?: string;
  /** Prefix for relative media paths; empty means the page's origin. */
  mediaBase?: string;
  /** Injected in tests to share one QueryClient; one is made otherwise. */
  queryClient?: QueryClient;
  /** The answers a server render draws from; without them the client reads the page's inlined answers. */
  firstAnswers?: FirstAnswers | undefined;
  children: ReactNode;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The api-client already retries once after a token refresh; more retries only delay an error message.
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/** The first-visit answers' fetch when the page carries some; otherwise the client keeps its own. */
function firstAnswersOption(): { fetch?: typeof fetch } {
  const fetch = firstAnswersFetch();
  return fetch ? { fetch } : {};
}

// The rule lives in core (the server resolves media paths the same way); the package index exports it from here.
export { resolveAssetUrl };

/** Gives the screens one api-client (bearer tokens from the host, shared refresh) and one QueryClient. */
export function ApiProvider({
  baseUrl = '/api',
  mediaBase = '',
  queryClient,
  firstAnswers,
  children,
}: ApiProviderProps) {
  const host = useHost();
  const [client] = useState(() => queryClient ?? makeQueryClient());
  const api = useMemo<Api>(
    () => ({
      client: createApiClient({
        baseUrl,
        ...(firstAnswers ? {} : firstAnswersOption()),
        answered: firstAnswers ? (url) => heldAnswer(firstAnswers, url) : (url) => takeFirstAnswer(url),
        tokens: host.tokens,
        onSessionEnded: () => void endSession(host),
      }),
      assetUrl: (path) => resolveAssetUrl(mediaBase, path),
    }),
    [baseUrl, mediaBase, host, firstAnswers],
  );
  return (
    <QueryClientProvider client={client}>
      <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
    </QueryClientProvider>
  );
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside an ApiProvider');
  return api;
}
