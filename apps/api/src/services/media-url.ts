/** The part of the configuration media URLs depend on. */
export interface MediaUrlConfig {
  cdnBaseUrl: string | undefined;
  /** This server's public origin; media it serves lives under /media. */
  publicUrl: string;
}

/**
 * Turns a storage key into the absolute URL clients fetch. Keys are stored, URLs are derived, so moving media behind a
 * CDN (CDN_BASE_URL) or to another host (PUBLIC_URL) changes every answer without touching the data. Absolute URLs
 * pass through unchanged. URLs are absolute because the desktop app and shared links do not run on this origin.
 */
export function mediaUrl(key: string, config: MediaUrlConfig): string {
  if (/^https?:\/\//i.test(key)) return key;
  const base = (config.cdnBaseUrl ?? `${config.publicUrl.replace(/\/+$/, '')}/media`).replace(/\/+$/, '');
  return `${base}/${key.replace(/^\/+/, '')}`;
}

/**
 * The storage key behind a media reference a client sends back: clients echo the absolute URLs they were given, so
 * this server's own media URLs are turned back into keys. Anything else is returned as it came.
 */
export function mediaKeyFromRef(ref: string, config: MediaUrlConfig): string {
  const bases = [config.cdnBaseUrl, `${config.publicUrl.replace(/\/+$/, '')}/media`]
    .filter((base): base is string => Boolean(base))
    .map((base) => `${base.replace(/\/+$/, '')}/`);
  for (const base of bases) {
    if (ref.startsWith(base)) return ref.slice(base.length);
  }
  if (ref.startsWith('/media/')) return ref.slice('/media/'.length);
  return ref.replace(/^\/+/, '');
}
