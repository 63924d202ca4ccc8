import type { Host, PickedFile } from '@autoreel/ui';
import { setAppBadge, webPush } from './web-push.ts';

const TOKENS_KEY = 'autoreel.tokens';
const USER_KEY = 'autoreel.user';

function readJson(key: string): unknown {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    localStorage.removeItem(key);
    return null;
  }
}

function isTokens(value: unknown): value is { accessToken: string; refreshToken: string } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.accessToken === 'string' && typeof record.refreshToken === 'string';
}

function toPicked(file: File): PickedFile {
  return { name: file.name, type: file.type, size: file.size, blob: file };
}

/** Opens the browser's file chooser through a detached input; resolves [] when the user cancels. */
function pickFiles(options: { accept?: string; multiple?: boolean } = {}): Promise<PickedFile[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    if (options.accept) input.accept = options.accept;
    input.multiple = options.multiple ?? false;
    input.addEventListener('change', () => resolve(Array.from(input.files ?? []).map(toPicked)), {
      once: true,
    });
    input.addEventListener('cancel', () => resolve([]), { once: true });
    input.click();
  });
}

/** Browser implementation of the platform services the shared UI asks for. */
export const webHost: Host = {
  kind: 'web',
  tokens: {
    load() {
      const value = readJson(TOKENS_KEY);
      return Promise.resolve(isTokens(value) ? value : null);
    },
    save(tokens) {
      localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
      return Promise.resolve();
    },
    clear() {
      localStorage.removeItem(TOKENS_KEY);
      return Promise.resolve();
    },
  },
  user: {
    load: () => Promise.resolve(readJson(USER_KEY)),
    save(user) {
      localStorage.setItem(USER_KEY, JSON.stringify(user));
      return Promise.resolve();
    },
    clear() {
      localStorage.removeItem(USER_KEY);
      return Promise.resolve();
    },
  },
  async share(data) {
    if (typeof navigator.share !== 'function') return false;
    try {
      await navigator.share(data);
      return true;
    } catch {
      // Cancelled or refused: the caller falls back to copying the link.
      return false;
    }
  },
  copyToClipboard: (text) => navigator.clipboard.writeText(text),
  vibrate(ms) {
    if (typeof navigator.vibrate === 'function') navigator.vibrate(ms);
  },
  pickFiles,
  // The browser has no ffmpeg: the original file goes up and the server checks it.
  prepareVideo: (file) => Promise.resolve({ file, transformed: false }),
  openExternal(url) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  // An open tab shows notifications in the app; the service worker shows pushed ones when it is closed.
  notify: () => undefined,
  setBadgeCount: setAppBadge,
  // A clicked push notification opens its link in a tab itself (sw.js): nothing reaches the page this way.
  onNotificationOpen: () => () => undefined,
  push: webPush,
};
