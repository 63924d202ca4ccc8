import { AUTH_ENDPOINTS, type AuthEndpoint, type DesktopBridge } from '../../shared/ipc-contract.ts';

const authEndpoints = new Set<string>(AUTH_ENDPOINTS);

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * The renderer's fetch with the token-bearing auth calls (sign-in, sign-up verification, refresh, logout) made by
 * the main process instead: main adds and stores the refresh token, and the answer the page gets carries a marker
 * in its place. The shared UI builds its API client on the global fetch, so this is installed over it before the
 * app mounts; every other request goes out unchanged.
 */
export function createMainRoutedFetch(
  baseFetch: typeof fetch,
  bridge: Pick<DesktopBridge, 'invoke'>,
  apiBaseUrl: string,
): typeof fetch {
  const authPrefix = `${apiBaseUrl.replace(/\/+$/, '')}/auth/`;
  return async (input, init) => {
    const url = urlOf(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const endpoint = url.startsWith(authPrefix) ? url.slice(authPrefix.length).split(/[?#]/)[0]! : '';
    if (method !== 'POST' || !authEndpoints.has(endpoint)) return baseFetch(input, init);

    let body: unknown = undefined;
    if (typeof init?.body === 'string' && init.body) body = JSON.parse(init.body) as unknown;
    let result;
    try {
      result = await bridge.invoke('auth.call', { endpoint: endpoint as AuthEndpoint, body });
    } catch {
      // Main could not reach the API: the page sees what fetch does offline, which the client reports as such.
      throw new TypeError('Failed to fetch');
    }
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status: result.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}
