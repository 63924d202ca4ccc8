import { useSyncExternalStore } from 'react';
import { safeLocalStorage } from './local-storage.ts';

/** Cars put side by side at most: three columns still read on a 320 px phone with a sticky label column. */
export const COMPARE_LIMIT = 3;
/** The cars chosen to compare, kept on this device across reloads (ids, in the order chosen). */
export const COMPARE_KEY = 'autoreel.compare';
const CHANGED = 'autoreel:compare';
const NONE: readonly string[] = Object.freeze([]);

let cached: { text: string | null; ids: readonly string[] } = { text: null, ids: NONE };

/** Ids as a list names them: unique, non-blank, at most COMPARE_LIMIT. */
export function compareIdsOf(values: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const value of values) {
    const id = typeof value === 'string' ? value.trim() : '';
    if (id && /^[\w-]{1,64}$/.test(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === COMPARE_LIMIT) break;
  }
  return ids;
}

function read(): readonly string[] {
  const text = safeLocalStorage()?.getItem(COMPARE_KEY) ?? null;
  if (text === cached.text) return cached.ids;
  let ids: readonly string[];
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    ids = Array.isArray(parsed) ? compareIdsOf(parsed) : NONE;
  } catch {
    ids = NONE;
  }
  cached = { text, ids };
  return ids;
}

function write(ids: readonly string[]): void {
  try {
    safeLocalStorage()?.setItem(COMPARE_KEY, JSON.stringify(ids));
  } catch {
    // A refused storage keeps nothing: the comparison lasts as long as the page.
    cached = { text: JSON.stringify(ids), ids };
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The cars chosen to compare; none on the server's render. */
export function useCompared(): readonly string[] {
  return useSyncExternalStore(subscribe, read, () => NONE);
}

export function comparedIds(): readonly string[] {
  return read();
}

/** Adds or removes a car; 'full' when COMPARE_LIMIT cars are already chosen (nothing changes then). */
export function toggleCompared(carId: string): 'added' | 'removed' | 'full' {
  const ids = read();
  if (ids.includes(carId)) {
    write(ids.filter((id) => id !== carId));
    return 'removed';
  }
  if (ids.length >= COMPARE_LIMIT) return 'full';
  write([...ids, carId]);
  return 'added';
}

/** Replaces the choice (a shared comparison's link opened here). */
export function setCompared(ids: readonly unknown[]): void {
  write(compareIdsOf(ids));
}

/** The comparison's own address: shareable, and what a reload opens. */
export function comparePath(ids: readonly string[]): string {
  return ids.length > 0 ? `/compare?cars=${ids.map(encodeURIComponent).join(',')}` : '/compare';
}

/** The ids a comparison's address names (?cars=a,b,c). */
export function compareIdsFromSearch(search: string): string[] {
  return compareIdsOf((new URLSearchParams(search).get('cars') ?? '').split(','));
}
