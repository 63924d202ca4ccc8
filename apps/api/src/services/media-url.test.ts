import { expect, it } from 'vitest';
import { mediaUrl } from './media-url.ts';

it('prefixes keys with the CDN base when one is set', () => {
  expect(
    mediaUrl('/cars/1/a.mp4', {
      cdnBaseUrl: 'https://cdn.example.test/',
      publicUrl: 'http://localhost:8080',
    }),
  ).toBe('https://cdn.example.test/cars/1/a.mp4');
});

it("prefixes keys with this server's public /media otherwise", () => {
  expect(mediaUrl('cars/1/a.mp4', { cdnBaseUrl: undefined, publicUrl: 'http://localhost:8080/' })).toBe(
    'http://localhost:8080/media/cars/1/a.mp4',
  );
});

it('leaves absolute URLs alone', () => {
  expect(
    mediaUrl('https://img.example.test/x.jpg', {
      cdnBaseUrl: 'https://cdn.example.test',
      publicUrl: 'http://x',
    }),
  ).toBe('https://img.example.test/x.jpg');
});
