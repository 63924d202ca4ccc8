import { expect, it } from 'vitest';
import { mediaUrl } from './media-url.ts';

it('prefixes keys with the CDN base, or this server when none is set', () => {
  expect(mediaUrl('cars/1/a.mp4', undefined)).toBe('/media/cars/1/a.mp4');
  expect(mediaUrl('/cars/1/a.mp4', 'https://cdn.example.test/')).toBe(
    'https://cdn.example.test/cars/1/a.mp4',
  );
});

it('leaves absolute URLs alone', () => {
  expect(mediaUrl('https://img.example.test/x.jpg', 'https://cdn.example.test')).toBe(
    'https://img.example.test/x.jpg',
  );
});
