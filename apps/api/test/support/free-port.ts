import { createServer } from 'node:net';

/** A TCP port nothing listens on at the moment, on the given host, for a server process a test starts. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, host, resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}
