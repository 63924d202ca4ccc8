import { expect, it } from 'vitest';
import { mediaKeyFromRef, mediaUrl } from './media-url.ts';

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

it('turns its own media URLs back into keys', () => {
  const config = { cdnBaseUrl: 'https://cdn.example.test/', publicUrl: 'http://localhost:8080' };
  expect(mediaKeyFromRef('https://cdn.example.test/cars/1/a.jpg', config)).toBe('cars/1/a.jpg');
  expect(mediaKeyFromRef('http://localhost:8080/media/cars/1/a.jpg', config)).toBe('cars/1/a.jpg');
  expect(mediaKeyFromRef('/media/cars/1/a.jpg', config)).toBe('cars/1/a.jpg');
  expect(mediaKeyFromRef('cars/1/a.jpg', config)).toBe('cars/1/a.jpg');
  expect(mediaKeyFromRef('https://elsewhere.test/x.jpg', config)).toBe('https://elsewhere.test/x.jpg');
});
