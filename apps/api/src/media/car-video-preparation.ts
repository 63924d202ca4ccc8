import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { prepareVideo, type MadeLadder, type VideoPipelineAction } from '@autoreel/video';
import type { MediaObject, MediaRepository } from './media.repository.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { parsePhotoKey, photoKey, storedKeysOf, streamKey } from './media-url.ts';
import { preparePhoto } from './photo-pipeline.ts';
import { storePhotoRenditions } from './photo-store.ts';
import type { VideoJob, VideoJobDeps } from './video-job.queue.ts';

/** What the work needs of the queue's dependencies. */
export type CarVideoPreparationDeps = Pick<
  VideoJobDeps,
  'media' | 'storage' | 'ffmpeg' | 'tmpDir' | 'log'
> & {
  /** A video that takes longer than this to prepare is given up. */
  timeoutMs?: number;
};

/**
 * The prepared video of an upload is named after it, so that any service holding the original key can find it
 * (MediaService.preferPreparedVideos), and a job re-run after a crash overwrites rather than duplicates.
 */
export function preparedVideoKey(originalKey: string): string {
  return `${originalKey.replace(/\.[^./]+$/, '')}.prepared.mp4`;
}

/** The upload's own id (`cars/{carId}/{uuid}.mp4`), so a re-run's poster lands on the same key. */
function uploadId(key: string): string {
  return basename(key).replace(/\..*$/, '') || randomUUID();
}

/** The poster sent with the upload, when it is still there and is a photo of the same owner and car. */
async function uploadedPoster(media: MediaRepository, original: MediaObject): Promise<string | null> {
  if (!original.posterKey) return null;
  const row = await media.findByKey(original.posterKey);
  const usable =
    row?.ownerId === original.ownerId &&
    row.folder === original.folder &&
    row.kind === 'image' &&
    parsePhotoKey(row.key) !== undefined;
  return usable ? row.key : null;
}

async function deleteStored(media: MediaRepository, storage: MediaStorage, keys: string[]): Promise<void> {
  for (const key of keys) for (const stored of storedKeysOf(key)) await storage.delete(stored);
  await media.deleteByKeys(keys);
}

/** Served types of a ladder's files: playlists, and fMP4 init and media segments. */
export function streamContentType(name: string): string {
  return name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp4';
}

/**
 * Stores a ladder's files under the keys its master playlist's key implies (`media-url.ts` streamKey) and gives it
 * one media row (kind `stream`, the bytes of every file), whose key deleting removes every file. Answers the key.
 */
export async function storeLadder(
  deps: Pick<CarVideoPreparationDeps, 'media' | 'storage'>,
  owner: Pick<MediaObject, 'ownerId' | 'folder'>,
  videoKey: string,
  ladder: MadeLadder,
): Promise<string> {
  const key = streamKey(videoKey, { renditions: ladder.renditions.length, segments: ladder.segmentCount });
  const folder = key.slice(0, key.lastIndexOf('/'));
  let size = 0;
  // The master last: a reader that finds it finds every file it names.
  for (const name of [...ladder.files.slice(1), ladder.files[0]!]) {
    const stored = await deps.storage.put(`${folder}/${name}`, createReadStream(join(ladder.dir, name)), {
      contentType: streamContentType(name),
    });
    size += stored.size;
  }
  await deps.media.upsert({
    key,
    ownerId: owner.ownerId,
    folder: owner.folder,
    kind: 'stream',
    mimeType: 'application/vnd.apple.mpegurl',
    size,
    status: 'ready',
  });
  return key;
}

/**
 * One car video through the shared pipeline (`prepareVideo`): a file that already meets the delivery rule (what
 * the console uploads) is only checked and served as uploaded, with the poster sent with it; any other file is
 * remuxed or transcoded and gets a poster taken by the server, and a poster sent with it is dropped (an upload
 * that only claims to be prepared is never trusted). Posters go through the photo pipeline (no metadata,
 * renditions and a placeholder), as photos do. Every video also gets its adaptive ladder (HLS, fMP4 segments), made
 * in the same ffmpeg run as a transcode's MP4 and stored beside it. Returns what the pipeline did.
 */
export async function prepareCarVideo(
  deps: CarVideoPreparationDeps,
  job: VideoJob,
  signal: AbortSignal,
): Promise<VideoPipelineAction | null> {
  const { media, storage, ffmpeg, tmpDir } = deps;
  const original = await media.findByKey(job.key);
  if (!original) return null; // deleted while waiting
  if (!ffmpeg) throw new Error('ffmpeg is not available');
  const folder = original.folder;
  const work = join(tmpDir, `video-${randomUUID()}`);
  await mkdir(work, { recursive: true });
  try {
    const input = storage.localRoot ? join(storage.localRoot, job.key) : join(work, 'input');
    if (!storage.localRoot) await pipeline(await storage.createReadStream(job.key), createWriteStream(input));
    const sentPoster = await uploadedPoster(media, original);
    const result = await prepareVideo({
      input,
      output: join(work, 'prepared.mp4'),
      ladderDir: join(work, 'ladder'),
      posterOutput: (action) => (action === 'checked' && sentPoster ? null : join(work, 'poster.jpg')),
      binaries: ffmpeg,
      signal,
      timeoutMs: deps.timeoutMs ?? 15 * 60_000,
      onProgress: (ratio) => deps.log.debug({ key: job.key, ratio }, 'video preparation progress'),
    });
    deps.log.info(
      { key: job.key, action: result.action, reasons: result.reasons },
      'video pipeline finished',
    );

    // Made here, removed again when the car is gone by the end.
    const made: string[] = [];
    let deliveredKey = job.key;
    if (result.action !== 'checked') {
      deliveredKey = preparedVideoKey(job.key);
      await storage.put(deliveredKey, createReadStream(result.delivered), { contentType: 'video/mp4' });
      await media.upsert({
        key: deliveredKey,
        ownerId: original.ownerId,
        folder,
        kind: 'video',
        mimeType: 'video/mp4',
        size: (await stat(result.delivered)).size,
        status: 'ready',
      });
      made.push(deliveredKey);
    }

    let stream: string | null = null;
    if (result.ladder) {
      stream = await storeLadder(deps, original, job.key, result.ladder);
      made.push(stream);
    }

    let posterKey = sentPoster;
    if (result.poster) {
      const photo = await preparePhoto(result.poster);
      posterKey = photoKey(folder, uploadId(job.key), photo.facts);
      const size = await storePhotoRenditions(storage, posterKey, photo.renditions);
      await media.upsert({
        key: posterKey,
        ownerId: original.ownerId,
        folder,
        kind: 'image',
        mimeType: 'image/jpeg',
        size,
        status: 'ready',
      });
      made.push(posterKey);
      if (sentPoster) await deleteStored(media, storage, [sentPoster]);
    }
    if (!posterKey) throw new Error('The video was prepared without a poster');

    // The upload's own row turns 'ready' in the caller (video-job.queue.ts), by a change only one run wins.
    const carStillThere = await media.completeCarVideo(job.carId, job.key, deliveredKey, posterKey, stream);
    if (!carStillThere) await deleteStored(media, storage, made);
    return result.action;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
