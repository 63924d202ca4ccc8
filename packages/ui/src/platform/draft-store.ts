/**
 * Where unfinished forms are kept so they survive a reload or a restart. The web keeps them in localStorage; the
 * desktop app may hand in an electron-store backed one through DraftStoreProvider. Values are plain JSON.
 */
export interface DraftStore {
  load(key: string): Promise<unknown>;
  save(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

const PREFIX = 'autoreel.draft.';

/**
 * The web default. Storage errors (quota, private mode, a corrupt entry) never break the form: a draft is a
 * convenience, so a failed read answers null and a failed write is dropped.
 */
export function localStorageDraftStore(storage: () => Storage | undefined = defaultStorage): DraftStore {
  return {
    load(key) {
      try {
        const raw = storage()?.getItem(PREFIX + key);
        return Promise.resolve(raw ? (JSON.parse(raw) as unknown) : null);
      } catch {
        return Promise.resolve(null);
      }
    },
    save(key, value) {
      try {
        storage()?.setItem(PREFIX + key, JSON.stringify(value));
      } catch {
        // Quota or private mode: the form keeps working without a draft.
      }
      return Promise.resolve();
    },
    remove(key) {
      try {
        storage()?.removeItem(PREFIX + key);
      } catch {
        // Nothing to clean up where storage is unavailable.
      }
      return Promise.resolve();
    },
  };
}

function defaultStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** A store that lives only as long as the page: for tests and for hosts that opt out of drafts. */
export function memoryDraftStore(initial: Record<string, unknown> = {}): DraftStore & {
  entries: Map<string, unknown>;
} {
  const entries = new Map<string, unknown>(Object.entries(initial));
  return {
    entries,
    load: (key) => Promise.resolve(structuredClone(entries.get(key) ?? null)),
    save(key, value) {
      entries.set(key, structuredClone(value));
      return Promise.resolve();
    },
    remove(key) {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}
