import { networkInterfaces } from 'node:os';

/**
 * Every URL the server can be reached at for a listening host: each interface's address when it listens on all
 * of them (0.0.0.0 or ::), so a team sees the LAN address to open from a phone; the host itself otherwise.
 */
export function listenUrls(host: string, port: number): string[] {
  const url = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  if (!wildcard) return [url(host)];
  const ipv6 = host === '::';
  const addresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((entry) => entry.family === 'IPv4' || (ipv6 && !entry.address.startsWith('fe80:')))
    // Loopback first: the address to open on this machine.
    .sort((a, b) => Number(b.internal) - Number(a.internal))
    .map((entry) => url(entry.address));
  return ['http://localhost:' + port, ...addresses];
}
