import { isAppOrigin } from './app-protocol.main.ts';

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
 * Whether a URL is one of the console's own pages: the app:// origin main serves the renderer from or, in
 * development, the electron-vite dev server's origin.
 */
export function isAppUrl(url: string, app: { devServerUrl?: string | undefined }): boolean {
  try {
    const parsed = new URL(url);
    return app.devServerUrl ? parsed.origin === new URL(app.devServerUrl).origin : isAppOrigin(parsed);
  } catch {
    return false;
  }
}
