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
