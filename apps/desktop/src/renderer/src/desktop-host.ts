import type { Host } from '@autoreel/ui';

/**
 * Desktop implementation of the shared UI's platform services. Tokens stay in the main process (OS keychain);
 * until that bridge exists the session lives in memory only and ends when the app quits.
 */
let sessionTokens: { accessToken: string; refreshToken: string } | null = null;

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
  share: () => Promise.resolve(false),
  copyToClipboard: (text) => navigator.clipboard.writeText(text),
  vibrate: () => undefined,
};
