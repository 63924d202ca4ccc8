/**
 * Platform services a front end needs but cannot provide itself. The storefront implements it with browser APIs,
 * the desktop renderer with the preload bridge; screens reach it through HostProvider, never through globals.
 */
export interface Host {
  /** Where this UI runs; used only for wording and for features one platform lacks. */
  readonly kind: 'web' | 'desktop';
  /** Persists the session's tokens (browser storage on the web, the OS keychain on desktop). */
  tokens: {
    load(): Promise<{ accessToken: string; refreshToken: string } | null>;
    save(tokens: { accessToken: string; refreshToken: string }): Promise<void>;
    clear(): Promise<void>;
  };
  /** Shares a link with the device share sheet; resolves false where there is none. */
  share(data: { title: string; url: string }): Promise<boolean>;
  copyToClipboard(text: string): Promise<void>;
  vibrate(ms: number): void;
}
