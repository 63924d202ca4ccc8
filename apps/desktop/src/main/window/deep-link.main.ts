import { IdSchema } from '@autoreel/core';

/** The console's URL scheme, registered with the OS so that `autoreel://cars/{id}` links open a car. */
export const DEEP_LINK_SCHEME = 'autoreel';

/**
 * The car id of an `autoreel://cars/{id}` link (`autoreel://car/{id}` too, since people type it), or null for any
 * other link. The id is checked like every id the API takes.
 */
export function carIdFromDeepLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null;
  // In autoreel://cars/abc the host is 'cars'; autoreel:cars/abc has no host and the path carries both.
  const parts = [url.host, ...url.pathname.split('/')].filter(Boolean).map(decodeURIComponent);
  const [kind, id, ...rest] = parts;
  if ((kind !== 'cars' && kind !== 'car') || rest.length > 0) return null;
  const parsed = IdSchema.safeParse(id);
  return parsed.success && /^[A-Za-z0-9_-]+$/.test(parsed.data) ? parsed.data : null;
}

/** Windows and Linux pass the link as a command-line argument of the (second) instance. */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.startsWith(`${DEEP_LINK_SCHEME}:`)) ?? null;
}
