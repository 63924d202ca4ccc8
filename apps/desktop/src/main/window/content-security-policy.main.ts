/**
 * The production Content-Security-Policy, sent as a header with every page main serves from app:// (index.html's
 * meta tag is the looser development one for the dev server's HMR; a page obeys both). Scripts only from the app,
 * network only to its own origin (main forwards /api and /media), pictures and videos also from the media CDN,
 * nothing framed, no plugins, no forms posted anywhere.
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' blob: http: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
] as const;

export const CONTENT_SECURITY_POLICY = CSP_DIRECTIVES.join('; ');
