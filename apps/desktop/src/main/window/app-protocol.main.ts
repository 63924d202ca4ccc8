import { extname, normalize, resolve, sep } from 'node:path';

/**
 * The console's pages are served from `app://console/`, a standard, secure scheme of its own, instead of file:.
 * Pages get a real origin (file: pages have none), and `app://console/api/*` and `/media/*` are forwarded by main to
 * the configured API. The page therefore calls its own origin: no CORS setup on the API, one strict CSP
 * (`connect-src 'self'`), and the API's address is a main-process preference the page never handles.
 */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://console`;

/** URL.origin is 'null' for schemes the URL standard does not know, so the scheme and host are compared. */
export function isAppOrigin(url: URL): boolean {
  return url.protocol === `${APP_SCHEME}:` && url.host === 'console';
}

export type AppRoute =
  { kind: 'file'; path: string; type: string } | { kind: 'api'; target: string } | { kind: 'not-found' };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/**
 * Where an app:// request goes: a file of the renderer folder (never outside it), the API, or nowhere. Paths
 * without an extension are the app's own routes (/browse, /cars/abc) and get index.html, as the web server does.
 */
export function routeAppRequest(
  requestUrl: string,
  options: { rendererDir: string; apiBaseUrl: string },
): AppRoute {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'not-found' };
  }
  if (!isAppOrigin(url)) return { kind: 'not-found' };
  const path = decodeURIComponent(url.pathname);
  const api = new URL(options.apiBaseUrl);
  if (path === '/api' || path.startsWith('/api/')) {
    return { kind: 'api', target: `${options.apiBaseUrl.replace(/\/+$/, '')}${path.slice(4)}${url.search}` };
  }
  if (path.startsWith('/media/')) return { kind: 'api', target: `${api.origin}${path}${url.search}` };

  const root = resolve(options.rendererDir);
  const relative = extname(path) ? path : '/index.html';
  const file = resolve(root, `.${normalize(relative)}`);
  if (file !== root && !file.startsWith(root + sep)) return { kind: 'not-found' };
  return { kind: 'file', path: file, type: TYPES[extname(file)] ?? 'application/octet-stream' };
}
