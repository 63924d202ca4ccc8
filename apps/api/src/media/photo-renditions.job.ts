import { Readable } from 'node:stream';
import type { JobDefinition } from '../jobs/job-queue.ts';
import type { MediaRepository } from './media.repository.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { parsePhotoKey, photoRenditionKey, type PhotoFormat } from './media-url.ts';
import { preparePhoto } from './photo-pipeline.ts';

export const PHOTO_JOB = 'photo-renditions';

/**
 * The renditions an upload leaves to this job: AVIF, whose encoder is several times slower than WebP's and
 * JPEG's together. The upload stores the JPEG and WebP ones, which is all a srcset needs to show the photo.
 */
export const DEFERRED_PHOTO_FORMATS: readonly PhotoFormat[] = ['avif'];

export interface PhotoJob {
  /** The photo's key (its default JPEG rendition). */
  key: string;
}

export interface PhotoJobDeps {
  media: MediaRepository;
  storage: MediaStorage;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Encodes a photo's deferred renditions from its widest JPEG one, which is already upright, sRGB and without
 * metadata (the uploaded original is never kept). Safe to run twice: it does nothing unless the photo's row is
 * still 'processing', writes the same keys again, and only one run records the result.
 */
export async function makeDeferredRenditions(deps: PhotoJobDeps, job: PhotoJob): Promise<void> {
  const { media, storage } = deps;
  const row = await media.findByKey(job.key);
  const facts = parsePhotoKey(job.key);
  if (row?.status !== 'processing' || !facts) return;
  const widest = await readAll(
    await storage.createReadStream(photoRenditionKey(job.key, facts.width, 'jpg')),
  );
  const { renditions } = await preparePhoto(widest, { formats: DEFERRED_PHOTO_FORMATS });
  const written: string[] = [];
  let bytes = 0;
  for (const rendition of renditions) {
    const key = photoRenditionKey(job.key, rendition.width, rendition.format);
    await storage.put(key, Readable.from([rendition.data]), { contentType: rendition.mime });
    written.push(key);
    bytes += rendition.data.length;
  }
  if (await media.transitionStatus(job.key, 'processing', 'ready', { addedBytes: bytes })) return;
  // Deleted while this ran: what it wrote has no row to be found by.
  if (!(await media.findByKey(job.key))) await Promise.all(written.map((key) => storage.delete(key)));
}

/**
 * Car photos' deferred renditions on the job queue. Unfinished jobs are the photo rows still 'processing'; a
 * photo whose job gave up is marked failed and keeps being shown from its JPEG and WebP renditions.
 */
export function photoRenditionsJob(deps: PhotoJobDeps): JobDefinition<PhotoJob> {
  return {
    name: PHOTO_JOB,
    run: (job) => makeDeferredRenditions(deps, job),
    timeoutSeconds: 5 * 60,
    retries: 3,
    concurrency: 1,
    async onGiveUp(job) {
      await deps.media.transitionStatus(job.key, 'processing', 'failed');
    },
    async unfinished() {
      const rows = await deps.media.findByStatus('image', 'processing');
      return rows.map((row) => ({ key: row.key, data: { key: row.key } }));
    },
  };
}
