import { networkInterfaces } from 'node:os';
import { expect, it } from 'vitest';
import { listenUrls } from './listen-addresses.ts';

it('lists every IPv4 address of the machine when listening on all of them', () => {
  const urls = listenUrls('0.0.0.0', 8080);
  expect(urls[0]).toBe('http://localhost:8080');
  const own = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((entry) => entry.family === 'IPv4')
    .map((entry) => `http://${entry.address}:8080`);
  expect(urls.slice(1).sort()).toEqual(own.sort());
  expect(urls).toContain('http://127.0.0.1:8080');
});

it('gives the one address of a specific host', () => {
  expect(listenUrls('127.0.0.1', 9000)).toEqual(['http://127.0.0.1:9000']);
  expect(listenUrls('::1', 9000)).toEqual(['http://[::1]:9000']);
});
