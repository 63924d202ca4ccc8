import type { Host } from '@autoreel/ui';

const TOKENS_KEY = 'autoreel.tokens';

/** Browser implementation of the platform services the shared UI asks for. */
export const webHost: Host = {
  kind: 'web',
  tokens: {
    load() {
      const raw = localStorage.getItem(TOKENS_KEY);
      return Promise.resolve(raw ? (JSON.parse(raw) as { accessToken: string; refreshToken: string }) : null);
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
  async share(data) {
    if (!navigator.share) return false;
    await navigator.share(data);
    return true;
  },
  copyToClipboard: (text) => navigator.clipboard.writeText(text),
  vibrate(ms) {
    navigator.vibrate?.(ms);
  },
};
