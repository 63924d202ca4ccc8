/**
 * The one IPC contract between the main process and the renderer. Channel names read `domain.verb`. Main registers a
 * handler for every key of InvokeMap through a mapped type (a missing one fails to compile) and validates each
 * request with zod before it runs; the preload builds the bridge from the same names. Types only and plain
 * constants: the sandboxed preload bundles this file and nothing else.
 */

/** The refresh token never leaves the main process; the renderer sees this marker in its place. */
export const REFRESH_HELD_BY_MAIN = 'held-by-main-process';

/** Where the session's tokens are kept: the OS keychain, or memory until the app quits when there is none. */
export type VaultKind = 'keychain' | 'memory';

export interface AppInfo {
  platform: string;
  version: string;
  vault: VaultKind;
  /** Why the keychain could not be used, in words for the user; null when it is used. */
  vaultProblem: string | null;
  apiBaseUrl: string;
  mediaBase: string;
}

export interface RendererTokens {
  accessToken: string;
  /** Always REFRESH_HELD_BY_MAIN when read; the real token when the renderer saves a fresh sign-in. */
  refreshToken: string;
}

/** The auth endpoints whose bodies carry a refresh token; main makes these calls so the token stays with it. */
export const AUTH_ENDPOINTS = ['login', 'verify-signup', 'refresh-token', 'logout'] as const;
export type AuthEndpoint = (typeof AUTH_ENDPOINTS)[number];

/** An answer of the API to a call main made for the page. */
export interface ApiAnswer {
  /** HTTP status of the API's answer; 0 when the API could not be reached. */
  status: number;
  /** The API's JSON body (for auth calls, with any refresh token replaced by REFRESH_HELD_BY_MAIN). */
  body: unknown;
}

export type AuthCallResult = ApiAnswer;

/** A file the main process holds for the renderer, named by an opaque id instead of a path. */
export interface FileRef {
  id: string;
  name: string;
  type: string;
  size: number;
}

export interface PreparedVideoRef {
  /** The file to upload: the picked file itself when it was only checked. */
  file: FileRef;
  poster: FileRef;
  /** True when the file was transcoded or remuxed. */
  transformed: boolean;
  /** What the shared pipeline did, and why (e.g. 'video codec hevc'). */
  action: 'checked' | 'remuxed' | 'transcoded';
  reasons: string[];
}

export interface Preferences {
  /** The API the console talks to, e.g. 'https://autoreel.example/api'. */
  apiBaseUrl: string;
}

/** Request and response of every invoke channel. */
export interface InvokeMap {
  'app.info': { request: undefined; response: AppInfo };
  'vault.load': { request: undefined; response: RendererTokens | null };
  'vault.save': { request: RendererTokens; response: undefined };
  'vault.clear': { request: undefined; response: undefined };
  'auth.call': { request: { endpoint: AuthEndpoint; body: unknown }; response: AuthCallResult };
  'files.pick': {
    request: { accept?: string | undefined; multiple?: boolean | undefined };
    response: FileRef[];
  };
  'files.read': { request: { id: string }; response: Uint8Array };
  'files.import': { request: { name: string; type: string; bytes: Uint8Array }; response: FileRef };
  'video.prepare': { request: { jobId: string; fileId: string }; response: PreparedVideoRef };
  /**
   * Main uploads a prepared video and its poster to a car's folder, streamed from disk (the page never holds the
   * bytes); progress as 'video.progress' of the job, stopped by 'video.cancel'. Answers the video upload's answer.
   */
  'video.upload': {
    request: { jobId: string; fileId: string; posterId?: string | undefined; folder: string };
    response: ApiAnswer;
  };
  'video.cancel': { request: { jobId: string }; response: boolean };
  'shell.openExternal': { request: { url: string }; response: undefined };
  'prefs.get': { request: undefined; response: Preferences };
  'prefs.set': { request: Partial<Preferences>; response: Preferences };
  'drafts.load': { request: { key: string }; response: unknown };
  'drafts.save': { request: { key: string; draft: unknown }; response: undefined };
  'drafts.delete': { request: { key: string }; response: undefined };
  /** An OS notification; clicking it brings the window forward and sends 'notification.open' with its link. */
  'notify.show': { request: OsNotification; response: undefined };
  /** The taskbar or dock badge: the unread count, 0 to clear it. */
  'notify.badge': { request: { count: number }; response: undefined };
}

/** What the console shows of a notification: the app's own path to open when it is clicked. */
export interface OsNotification {
  title: string;
  body: string;
  /** A path of the app, e.g. '/messages/{userId}?car={carId}'. */
  link: string;
}

/** Messages main sends to the renderer. */
export interface EventMap {
  'video.progress': { jobId: string; fraction: number };
  /** An autoreel://cars/{id} link was opened. */
  'deepLink.car': { carId: string };
  /** An OS notification was clicked: the page opens its link. */
  'notification.open': { link: string };
}

export type InvokeChannel = keyof InvokeMap;
export type EventChannel = keyof EventMap;
export type InvokeRequest<C extends InvokeChannel> = InvokeMap[C]['request'];
export type InvokeResponse<C extends InvokeChannel> = InvokeMap[C]['response'];

/** Every invoke channel, so the preload can build one function per channel without listing them twice. */
export const INVOKE_CHANNELS = [
  'app.info',
  'vault.load',
  'vault.save',
  'vault.clear',
  'auth.call',
  'files.pick',
  'files.read',
  'files.import',
  'video.prepare',
  'video.upload',
  'video.cancel',
  'shell.openExternal',
  'prefs.get',
  'prefs.set',
  'drafts.load',
  'drafts.save',
  'drafts.delete',
  'notify.show',
  'notify.badge',
] as const satisfies readonly InvokeChannel[];

export const EVENT_CHANNELS = [
  'video.progress',
  'deepLink.car',
  'notification.open',
] as const satisfies readonly EventChannel[];

/** The object the preload exposes as window.autoreel. */
export interface DesktopBridge {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResponse<C>>;
  /** Subscribes to a main-process event; returns the unsubscribe function. */
  on<C extends EventChannel>(channel: C, listener: (payload: EventMap[C]) => void): () => void;
}

/** Compile-time proof that INVOKE_CHANNELS lists every channel of InvokeMap. */
type UnlistedChannel = Exclude<InvokeChannel, (typeof INVOKE_CHANNELS)[number]>;
export const invokeChannelsComplete: [UnlistedChannel] extends [never] ? true : never = true;
