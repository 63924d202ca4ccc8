import { Readable } from 'node:stream';
import type { MediaStorage } from '../storage/media-storage.ts';
import { photoRenditionKey } from './media-url.ts';
import type { Rendition } from './photo-pipeline.ts';

/**
 * Stores every rendition of a prepared photo beside its key (uploads and video posters alike); when one fails,
 * the ones already stored are removed, so a photo is stored whole or not at all. Returns the bytes stored.
 */
export async function storePhotoRenditions(
  storage: MediaStorage,
  key: string,
  renditions: readonly Rendition[],
): Promise<number> {
  const stored: string[] = [];
  let size = 0;
  try {
    for (const rendition of renditions) {
      const renditionKey = photoRenditionKey(key, rendition.width, rendition.format);
      await storage.put(renditionKey, Readable.from([rendition.data]), { contentType: rendition.mime });
      stored.push(renditionKey);
      size += rendition.data.length;
    }
  } catch (error) {
    await Promise.all(stored.map((k) => storage.delete(k).catch(() => undefined)));
    throw error;
  }
  return size;
}
