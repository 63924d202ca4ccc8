import { z } from 'zod';
import type { Preferences } from '../../shared/ipc-contract.ts';
import type { SettingsStore } from './settings-store.main.ts';

/** The API address: http(s) only, no credentials in it, without a trailing slash. */
export const ApiBaseUrlSchema = z
  .string()
  .trim()
  .max(2_048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// address')
  .transform((value) => value.replace(/\/+$/, ''));

/** Development default: the API's own default port on this machine. AUTOREEL_API_URL overrides it at launch. */
export const DEFAULT_API_BASE_URL = 'http://localhost:8080/api';

const KEY = 'preferences';

export class PreferencesService {
  readonly #store: SettingsStore;
  readonly #fallback: Preferences;

  constructor(store: SettingsStore, env: NodeJS.ProcessEnv = process.env) {
    this.#store = store;
    const fromEnv = ApiBaseUrlSchema.safeParse(env['AUTOREEL_API_URL'] ?? '');
    this.#fallback = { apiBaseUrl: fromEnv.success ? fromEnv.data : DEFAULT_API_BASE_URL };
  }

  /** Saved preferences over the defaults; a value that no longer validates falls back to its default. */
  get(): Preferences {
    const saved = this.#store.get(KEY);
    const record = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
    const apiBaseUrl = ApiBaseUrlSchema.safeParse(record['apiBaseUrl']);
    return { apiBaseUrl: apiBaseUrl.success ? apiBaseUrl.data : this.#fallback.apiBaseUrl };
  }

  set(change: Partial<Preferences>): Preferences {
    const next = { ...this.get(), ...change };
    next.apiBaseUrl = ApiBaseUrlSchema.parse(next.apiBaseUrl);
    this.#store.set(KEY, next);
    return next;
  }
}
