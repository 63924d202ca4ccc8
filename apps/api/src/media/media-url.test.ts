import { expect, it } from 'vitest';
import {
  mediaKeyFromRef,
  mediaUrl,
  parsePhotoKey,
  photoKey,
  photoRenditionKey,
  photoWidths,
  presentPhoto,
  storedKeysOf,
} from './media-url.ts';

it('prefixes keys with the CDN base when one is set', () => {
  expect(mediaUrl('/cars/1/a.mp4', { cdnBaseUrl: 'https://cdn.example.test/' })).toBe(
    'https://cdn.example.test/cars/1/a.mp4',
  );
});

it('gives a same-origin /media path otherwise, whatever PUBLIC_URL says', () => {
  expect(mediaUrl('cars/1/a.mp4', { cdnBaseUrl: undefined })).toBe('/media/cars/1/a.mp4');
  expect(mediaUrl('cars/1/a.mp4', { cdnBaseUrl: undefined, publicUrl: 'https://autoreel.example' })).toBe(
    '/media/cars/1/a.mp4',
  );
});

it('leaves absolute URLs alone', () => {
  expect(mediaUrl('https://img.example.test/x.jpg', { cdnBaseUrl: 'https://cdn.example.test' })).toBe(
    'https://img.example.test/x.jpg',
  );
});

it('turns its own media URLs back into keys, at any address of this server', () => {
  const config = { cdnBaseUrl: 'https://cdn.example.test/', publicUrl: 'http://localhost:8080' };
  expect(mediaKeyFromRef('https://cdn.example.test/cars/1/a.jpg', config)).toBe('cars/1/a.jpg');
  expect(mediaKeyFromRef('http://localhost:8080/media/cars/1/a.jpg', config)).toBe('cars/1/a.jpg');
  expect(mediaKeyFromRef('http://192.168.1.20:8080/media/cars/1/a.jpg', config)).toBe('cars/1/a.jpg');
  expect(mediaKeyFromRef('/media/cars/1/a.jpg', config)).toBe('cars/1/a.jpg');
  expect(mediaKeyFromRef('cars/1/a.jpg', config)).toBe('cars/1/a.jpg');
  expect(mediaKeyFromRef('https://elsewhere.test/x.jpg', config)).toBe('https://elsewhere.test/x.jpg');
});

const id = '0b6f7c1e-2a3d-4f5e-8a9b-1c2d3e4f5a6b';

it('keeps the size and placeholder of a photo in its key', () => {
  const key = photoKey('cars/c1', id, { width: 1200, height: 800, hash: 'YJqGPQw7sFlslqhFafSE-Q' });
  expect(key).toBe(`cars/c1/${id}.1200x800.YJqGPQw7sFlslqhFafSE-Q.jpg`);
  expect(parsePhotoKey(key)).toEqual({ width: 1200, height: 800, hash: 'YJqGPQw7sFlslqhFafSE-Q' });
  expect(parsePhotoKey('cars/c1/a.jpg')).toBeUndefined();
});

it('never lists a rendition wider than the photo', () => {
  expect(photoWidths(4000)).toEqual([320, 640, 1080, 1600]);
  expect(photoWidths(1600)).toEqual([320, 640, 1080, 1600]);
  expect(photoWidths(900)).toEqual([320, 640, 900]);
  expect(photoWidths(200)).toEqual([200]);
});

it('lists every rendition of a photo, the default JPEG being the key itself', () => {
  const key = photoKey('cars/c1', id, { width: 1600, height: 1200, hash: 'YJqGPQw7sFlslqhF' });
  expect(photoRenditionKey(key, 1080, 'jpg')).toBe(key);
  expect(photoRenditionKey(key, 320, 'avif')).toBe(`cars/c1/${id}.1600x1200.YJqGPQw7sFlslqhF.320.avif`);
  const stored = storedKeysOf(key);
  expect(stored).toHaveLength(12);
  expect(new Set(stored).size).toBe(12);
  expect(storedKeysOf('cars/c1/a.pdf')).toEqual(['cars/c1/a.pdf']);
});

it('presents a photo with a srcset per format', () => {
  const key = photoKey('cars/c1', id, { width: 700, height: 500, hash: 'YJqGPQw7sFlslqhF' });
  const photo = presentPhoto(key, { cdnBaseUrl: undefined });
  expect(photo.src).toBe(`/media/${key}`);
  expect(photo.srcset).toBe(
    `/media/cars/c1/${id}.700x500.YJqGPQw7sFlslqhF.320.jpg 320w, /media/cars/c1/${id}.700x500.YJqGPQw7sFlslqhF.640.jpg 640w, /media/${key} 700w`,
  );
  expect(photo.sources?.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
  expect(photo.placeholder).toBe('YJqGPQw7sFlslqhF');
  expect(presentPhoto('cars/c1/old.jpg', { cdnBaseUrl: undefined })).toEqual({
    src: '/media/cars/c1/old.jpg',
  });
});
