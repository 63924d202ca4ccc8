/** The page's localStorage, or null where it is refused (private modes, sandboxed frames): callers then forget. */
export function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A remembered yes/no on this device (a banner read, a hint seen). */
export function readFlag(key: string): boolean {
  return safeLocalStorage()?.getItem(key) === '1';
}

export function writeFlag(key: string): void {
  try {
    safeLocalStorage()?.setItem(key, '1');
  } catch {
    // A full or refused storage only means the flag is asked again next time.
  }
}
