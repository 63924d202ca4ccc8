import type { Photo } from '@autoreel/core';
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

/**
 * One URL from a photo's srcset for a box `cssWidth` px wide: the narrowest rendition covering it at the screen's
 * density, else the widest. For a <video poster>, which takes no srcset; WebP, which every browser we serve shows.
 */
export function renditionFor(
  photo: Photo | null | undefined,
  cssWidth: number,
  density: number,
): string | undefined {
  if (!photo) return undefined;
  const srcset = photo.sources?.find((s) => s.type === 'image/webp')?.srcset ?? photo.srcset;
  if (!srcset) return photo.src;
  const candidates = srcset.split(',').map((entry) => {
    const [url, w] = entry.trim().split(/\s+/);
    return { url: url!, width: Number.parseInt(w ?? '0', 10) };
  });
  const needed = cssWidth * density;
  return (candidates.find((c) => c.width >= needed) ?? candidates[candidates.length - 1])?.url ?? photo.src;
}
