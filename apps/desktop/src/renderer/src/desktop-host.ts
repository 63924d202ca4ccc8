import type { Host } from '@autoreel/ui';

/**
 * Desktop implementation of the shared UI's platform services. Tokens stay in the main process (OS keychain);
 * until that bridge exists the session lives in memory only and ends when the app quits.
 */
let sessionTokens: { accessToken: string; refreshToken: string } | null = null;
let sessionUser: unknown = null;

export const desktopHost: Host = {
  kind: 'desktop',
  tokens: {
    load: () => Promise.resolve(sessionTokens),
    save(tokens) {
      sessionTokens = tokens;
      return Promise.resolve();
    },
    clear() {
      sessionTokens = null;
      return Promise.resolve();
    },
  },
  user: {
    load: () => Promise.resolve(sessionUser),
    save(user) {
      sessionUser = user;
      return Promise.resolve();
    },
    clear() {
      sessionUser = null;
      return Promise.resolve();
    },
  },
  share: () => Promise.resolve(false),
  copyToClipboard: (text) => navigator.clipboard.writeText(text),
  vibrate: () => undefined,
  // Until the main-process file and ffmpeg bridges exist, the renderer uses the browser's chooser and sends
  // the original file, as the web does.
  pickFiles: (options = {}) =>
    new Promise((resolve) => {
      const input = document.createElement('input');
      input.type = 'file';
      if (options.accept) input.accept = options.accept;
      input.multiple = options.multiple ?? false;
      input.addEventListener(
        'change',
        () =>
          resolve(
            Array.from(input.files ?? []).map((f) => ({ name: f.name, type: f.type, size: f.size, blob: f })),
          ),
        { once: true },
      );
      input.addEventListener('cancel', () => resolve([]), { once: true });
      input.click();
    }),
  prepareVideo: (file) => Promise.resolve({ file, transformed: false }),
  openExternal(url) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};
