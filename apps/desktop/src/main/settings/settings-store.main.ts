/**
 * The key-value store behind preferences, drafts and window state: electron-store in the app, its Node-only
 * base (conf) in tests. Never holds tokens: those live in the keychain.
 */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}
