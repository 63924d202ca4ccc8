import { describe, expect, it } from 'vitest';
import { placeholderUrl, resolveSrcset } from './photo-srcset.ts';

const photo = {
  src: '/media/p.jpg',
  srcset: '/media/p.320.jpg 320w, /media/p.jpg 640w',
  sources: [
    { type: 'image/avif', srcset: '/media/p.320.avif 320w, /media/p.640.avif 640w' },
    { type: 'image/webp', srcset: '/media/p.320.webp 320w, /media/p.640.webp 640w' },
  ],
  placeholder: 'YJqGPQw7sFlslqhFafSE-Q',
};

describe('photo srcset helpers', () => {
  it('resolves every URL of a srcset against the media base', () => {
    expect(resolveSrcset(photo.srcset, (p) => `http://api.test${p}`)).toBe(
      'http://api.test/media/p.320.jpg 320w, http://api.test/media/p.jpg 640w',
    );
  });

  it('draws the thumbhash as a PNG data URL, and nothing for a broken one', () => {
    expect(placeholderUrl(photo.placeholder)).toMatch(/^data:image\/png;base64,/);
    expect(placeholderUrl('!!')).toBeUndefined();
    expect(placeholderUrl(undefined)).toBeUndefined();
  });
});
