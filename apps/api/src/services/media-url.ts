/**
 * Turns a storage key into the URL clients fetch. Keys are stored, URLs are derived, so moving media behind a CDN
 * (CDN_BASE_URL) changes every answer without touching the data. Absolute URLs pass through unchanged.
 */
export function mediaUrl(key: string, cdnBaseUrl: string | undefined): string {
  if (/^https?:\/\//i.test(key)) return key;
  const base = (cdnBaseUrl ?? '/media').replace(/\/+$/, '');
  return `${base}/${key.replace(/^\/+/, '')}`;
}
