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

export interface NavigationPolicyOptions {
  /** Whether a URL is one of the console's own pages (see isAppUrl). */
  isOwnPage: (url: string) => boolean;
  /** Hands a link to the system browser, mail or phone app (Electron's shell.openExternal). */
  openExternal: (url: string) => Promise<void>;
}

/**
 * For `setWindowOpenHandler`: the console never opens a second window. A web, mail or phone link (target=_blank,
 * window.open) goes to the system instead; any other scheme goes nowhere.
 */
export function windowOpenHandler(options: NavigationPolicyOptions) {
  return ({ url }: { url: string }): { action: 'deny' } => {
    if (isAllowedExternalUrl(url)) void options.openExternal(url).catch(() => undefined);
    return { action: 'deny' };
  };
}

/**
 * For `will-navigate`: a window stays on the console's pages. Navigation anywhere else is stopped; a web, mail or
 * phone link is handed to the system instead, and other schemes (file:, javascript:, smb:) go nowhere.
 */
export function willNavigateHandler(options: NavigationPolicyOptions) {
  return (event: { preventDefault(): void }, url: string): void => {
    if (options.isOwnPage(url)) return;
    event.preventDefault();
    if (isAllowedExternalUrl(url)) void options.openExternal(url).catch(() => undefined);
  };
}
