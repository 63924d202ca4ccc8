import { z } from 'zod';
import type { SettingsStore } from './settings-store.main.ts';

/** A draft's name, e.g. 'add-car:{userId}'. No dots: the store would read them as nesting. */
export const DraftKeySchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_:-]{0,99}$/,
    'must be 1 to 100 letters, digits, colons, dashes or underscores',
  );

/** Drafts are form values, not media: a cap keeps the settings file small and quick to load. */
export const MAX_DRAFT_BYTES = 256 * 1024;

interface StoredDraft {
  savedAt: string;
  draft: unknown;
}

export class DraftTooLargeError extends Error {
  constructor() {
    super(`The draft is larger than ${MAX_DRAFT_BYTES / 1024} KB and was not saved`);
    this.name = 'DraftTooLargeError';
  }
}

/** Wizard drafts that survive a restart (the add-car wizard resumes where the dealer left it). */
export class DraftsService {
  readonly #store: SettingsStore;
  readonly #now: () => Date;

  constructor(store: SettingsStore, now: () => Date = () => new Date()) {
    this.#store = store;
    this.#now = now;
  }

  #path(key: string): string {
    return `drafts.${DraftKeySchema.parse(key)}`;
  }

  load(key: string): unknown {
    const stored = this.#store.get(this.#path(key)) as StoredDraft | undefined;
    return stored?.draft ?? null;
  }

  save(key: string, draft: unknown): void {
    const json = JSON.stringify(draft ?? null);
    if (Buffer.byteLength(json) > MAX_DRAFT_BYTES) throw new DraftTooLargeError();
    const stored: StoredDraft = { savedAt: this.#now().toISOString(), draft: JSON.parse(json) as unknown };
    this.#store.set(this.#path(key), stored);
  }

  delete(key: string): void {
    this.#store.delete(this.#path(key));
  }
}
