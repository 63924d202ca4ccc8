import { BlockList, isIP } from 'node:net';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1), which dual-stack sockets report. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an address is this machine's loopback. Anything that is not an IP address is not. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return false;
  return LOOPBACK.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** A listen host that other machines cannot reach: a loopback address or the name localhost. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));
}

/**
 * The warning a server prints at start when it runs outside production (dev OTP outbox, demo admin, generated
 * secrets) and listens where other machines can reach it; null when there is nothing to say.
 */
export function exposureWarning(config: { production: boolean; host: string; port: number }): string | null {
  if (config.production || isLoopbackHost(config.host)) return null;
  const rule = '!'.repeat(78);
  return [
    rule,
    `!! WARNING: AutoReel is running in demo/development mode (NODE_ENV is not 'production')`,
    `!! and listens on ${config.host}:${config.port}, reachable from other machines on this network.`,
    '!! The demo admin account and seeded data exist, secrets may be generated, and one-time codes',
    '!! go to the development outbox (served to loopback callers only).',
    '!! For a deployment set NODE_ENV=production; for local use set HOST=127.0.0.1.',
    rule,
  ].join('\n');
}
