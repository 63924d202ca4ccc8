import { z } from 'zod';
import { MediaKeySchema } from './message.ts';

/**
 * SPEC 7 upload folders: `cars/{carId}` and `conversations/{id}/media`. Anything else is refused so that
 * a client cannot write next to another owner's files.
 */
export const MEDIA_FOLDER_PATTERN = /^(cars\/[A-Za-z0-9_-]{1,64}|conversations\/[A-Za-z0-9_-]{1,64}\/media)$/;

export const MediaFolderSchema = z
  .string('Folder is required')
  .trim()
  .regex(MEDIA_FOLDER_PATTERN, 'Folder must be cars/{carId} or conversations/{id}/media');

/** API-CONTRACT: upload answers `data: {url, key}`. */
export const MediaUploadResultSchema = z.object({ url: z.string(), key: z.string() });
export type MediaUploadResult = z.infer<typeof MediaUploadResultSchema>;

export const MediaDeleteBodySchema = z.object({ key: MediaKeySchema });
export type MediaDeleteBody = z.infer<typeof MediaDeleteBodySchema>;
