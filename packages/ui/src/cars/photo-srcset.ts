import { thumbHashToDataURL } from 'thumbhash';

type AssetUrl = (path: string | null | undefined) => string | undefined;

/** A srcset with each URL resolved against the media base (the desktop console is on another origin). */
export function resolveSrcset(srcset: string, assetUrl: AssetUrl): string {
  return srcset
    .split(',')
    .map((entry) => {
      const [url, descriptor] = entry.trim().split(/\s+/);
      return `${assetUrl(url) ?? url} ${descriptor ?? ''}`.trim();
    })
    .join(', ');
}

const placeholders = new Map<string, string>();

/** The placeholder already drawn for this hash, if it was: free to show in a render. */
export function drawnPlaceholderUrl(hash: string | undefined): string | undefined {
  return hash ? placeholders.get(hash) || undefined : undefined;
}

/** The photo's thumbhash as a tiny PNG data URL, drawn once per hash. */
export function placeholderUrl(hash: string | undefined): string | undefined {
  if (!hash) return undefined;
  let url = placeholders.get(hash);
  if (url === undefined) {
    try {
      const base64 = hash.replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
        c.charCodeAt(0),
      );
      url = thumbHashToDataURL(bytes);
    } catch {
      url = '';
    }
    placeholders.set(hash, url);
  }
  return url || undefined;
}
