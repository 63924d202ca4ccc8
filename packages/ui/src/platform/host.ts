/** The session's tokens as the API issues them. */
export interface HostTokens {
  accessToken: string;
  refreshToken: string;
}

/** A file the user picked, in the form every platform can hand to `fetch` (a `File` is a `Blob`). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
  blob: Blob;
}

export interface PickFilesOptions {
  /** An `accept` list as an input element takes it, e.g. 'video/*' or 'image/png,image/jpeg'. */
  accept?: string;
  multiple?: boolean;
}

/** Progress of a video being made ready for upload, 0 to 1. */
export type VideoProgress = (fraction: number) => void;

/**
 * A file the platform holds and sends itself, so the page never has its bytes: the desktop's prepared video, which
 * main streams from disk to the API together with the poster it took.
 */
export interface HeldFile {
  name: string;
  type: string;
  size: number;
  /** Uploads it into a media folder; rejects as the API client does (an ApiError, or an AbortError on abort). */
  send(
    folder: string,
    options?: { onProgress?: (fraction: number) => void; signal?: AbortSignal },
  ): Promise<{ key: string; url: string }>;
}

export interface PreparedVideo {
  /** The page's own file (uploaded with the API client), or one the platform sends itself. */
  file: PickedFile | HeldFile;
  /** True when the platform changed the file (transcode or remux); false when it sends the original. */
  transformed: boolean;
}

/** A notification as the platform shows it: the app's own path to open when it is clicked. */
export interface HostNotification {
  title: string;
  body: string;
  link: string;
}

/** A device's push subscription as the API takes it (the browser's PushSubscription.toJSON()). */
export interface HostPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Web Push on this device: the permission, and the subscription made with the server's VAPID key. */
export interface HostPush {
  /** 'unsupported' where the browser has no push (an insecure address, an old browser). */
  permission(): NotificationPermission | 'unsupported';
  /** Asks the permission (only after a gesture that needs it) and subscribes; null when refused. */
  subscribe(publicKey: string): Promise<HostPushSubscription | null>;
  /** Ends this device's subscription; its endpoint, for the server to forget, or null when there was none. */
  unsubscribe(): Promise<string | null>;
  /** This device's subscription, when it has one. */
  current(): Promise<HostPushSubscription | null>;
}

/**
 * Platform services a front end needs but cannot provide itself. The storefront implements it with browser APIs,
 * the desktop renderer with the preload bridge; screens reach it through HostProvider, never through globals.
 */
export interface Host {
  /** Where this UI runs; used only for wording and for features one platform lacks. */
  readonly kind: 'web' | 'desktop';
  /**
   * Persists the session's tokens (browser storage on the web, the OS keychain on desktop). Matches the
   * api-client's TokenStore, so the client reads and rotates them through the host.
   */
  tokens: {
    load(): Promise<HostTokens | null>;
    save(tokens: HostTokens): Promise<void>;
    clear(): Promise<void>;
  };
  /**
   * The signed-in user kept beside the tokens (SPEC 9: storage holds the access token, refresh token and user), so
   * a restart shows the session at once. Stored as the API sent it; the UI validates it when reading.
   */
  user: {
    load(): Promise<unknown>;
    save(user: unknown): Promise<void>;
    clear(): Promise<void>;
  };
  /** Shares a link with the device share sheet; resolves false where there is none or the user cancelled. */
  share(data: { title: string; text?: string; url: string }): Promise<boolean>;
  /** Copies text; rejects when the platform refuses (no permission, insecure context). */
  copyToClipboard(text: string): Promise<void>;
  /** Vibrates for `ms` milliseconds where the device can; a no-op elsewhere. */
  vibrate(ms: number): void;
  /** Opens the platform's file picker; resolves an empty list when the user cancels. */
  pickFiles(options?: PickFilesOptions): Promise<PickedFile[]>;
  /**
   * Makes a video ready for upload. The desktop transcodes and checks it with ffmpeg; the web sends the original
   * file unchanged. Rejects with a message the wizard can show when the file cannot be used. A host that can stop
   * its work does so when `signal` aborts (rejecting with an AbortError); one that cannot may ignore it, and the
   * wizard drops the late result.
   */
  prepareVideo(file: PickedFile, onProgress?: VideoProgress, signal?: AbortSignal): Promise<PreparedVideo>;
  /** Opens an outside link (tel:, WhatsApp, a dealer's site) the way the platform does. */
  openExternal(url: string): void;
  /**
   * Shows a notification outside the page: an OS notification on desktop. The web shows its own through the service
   * worker when a push arrives, so there it does nothing.
   */
  notify(notification: HostNotification): void;
  /** The taskbar, dock or installed app's badge: the unread count, 0 to clear it. */
  setBadgeCount(count: number): void;
  /** Calls back with the link of a clicked OS notification; returns the unsubscribe. */
  onNotificationOpen(listener: (link: string) => void): () => void;
  /** Web Push on this device; null on a platform without it (desktop, the server render). */
  readonly push: HostPush | null;
}
