/**
 * Where the console's windows may go. The app's own pages load in the window; everything else opens in the
 * system browser (or the mail and phone apps), and only for schemes that cannot run code in the app.
 */
const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export function isAllowedExternalUrl(url: string): boolean {
  try {
    return EXTERNAL_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * Whether a URL is one of the console's own pages: the packaged renderer folder (file:) or, in development,
 * the electron-vite dev server's origin.
 */
export function isAppUrl(
  url: string,
  app: { rendererDir: string; devServerUrl?: string | undefined },
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (app.devServerUrl) return parsed.origin === new URL(app.devServerUrl).origin;
  if (parsed.protocol !== 'file:') return false;
  const root = new URL(`file://${app.rendererDir.replaceAll('\\', '/').replace(/^\/?/, '/')}/`);
  return decodeURIComponent(parsed.pathname).startsWith(decodeURIComponent(root.pathname));
}
