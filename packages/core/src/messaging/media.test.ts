import { describe, expect, it } from 'vitest';
import { MediaDeleteBodySchema, MediaFolderSchema, MediaUploadResultSchema } from './media.ts';

describe('MediaFolderSchema', () => {
  it.each(['cars/c1', 'conversations/k-1/media', ' cars/abc_DEF '])('accepts %j', (folder) => {
    expect(MediaFolderSchema.safeParse(folder).success).toBe(true);
  });

  it.each(['', 'cars', 'cars/', 'cars/c1/extra', 'conversations/k1', 'avatars/u1', 'cars/../x'])(
    'refuses %j',
    (folder) => {
      expect(MediaFolderSchema.safeParse(folder).success).toBe(false);
    },
  );
});

describe('media bodies and results', () => {
  it('deletes by key', () => {
    expect(MediaDeleteBodySchema.parse({ key: 'cars/c1/video.mp4' })).toEqual({ key: 'cars/c1/video.mp4' });
    expect(MediaDeleteBodySchema.safeParse({ key: '' }).success).toBe(false);
    expect(MediaDeleteBodySchema.safeParse({}).success).toBe(false);
  });

  it('answers url and key', () => {
    const result = { url: '/media/cars/c1/video.mp4', key: 'cars/c1/video.mp4' };
    expect(MediaUploadResultSchema.parse(result)).toEqual(result);
    expect(MediaUploadResultSchema.safeParse({ url: 'x' }).success).toBe(false);
  });
});
