import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/config.ts';

/**
 * The headers helmet sets for these options, learnt once by running its middleware against a response that only
 * records them. With static options (no directive computed per request, no nonces) they are the same for every
 * request, so each answer copies one small object instead of building helmet's middleware again: the plugin for
 * Fastify does that on every request, which was a sixth of what a short request allocated.
 */
export function securityHeadersFor(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    // helmet takes away X-Powered-By, which this server never sends.
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined)
    throw failure instanceof Error ? failure : new Error('helmet refused the options');
  return Object.freeze(headers);
}

/** The origin of a CDN base URL, for the policy's sources (a path in a source would be matched as a prefix). */
function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The headers of a page served over plain HTTP and over HTTPS, computed from the settings once. Over HTTP there is
 * no HSTS and no `upgrade-insecure-requests`: a phone opening http://192.168.x.y would otherwise fetch the page's
 * own scripts over https and never start. Media comes from this origin and, when set, the CDN's.
 */
export function securityHeadersByProtocol(
  config: Pick<Config, 'cdnBaseUrl'>,
): Readonly<Record<'http' | 'https', Readonly<Record<string, string>>>> {
  const cdn = originOf(config.cdnBaseUrl);
  const forProtocol = (https: boolean) =>
    securityHeadersFor({
      // The storefront plays media from this origin and, when configured, from a CDN.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      strictTransportSecurity: https,
      // Browsers ignore COOP on a plain-HTTP origin other than localhost, and say so in the console.
      crossOriginOpenerPolicy: https,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...cdn],
          mediaSrc: ["'self'", 'blob:', ...cdn],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          // The web app manifest and its icons (resources/web) come from this origin.
          manifestSrc: ["'self'"],
          upgradeInsecureRequests: https ? [] : null,
        },
      },
    });
  return { http: forProtocol(false), https: forProtocol(true) };
}
