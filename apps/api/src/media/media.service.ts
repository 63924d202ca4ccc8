import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline as pipe, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { videoRejection } from '@autoreel/core';
import { probe, type FfmpegBinaries } from '@autoreel/video';
import { AppError, invalidInput, forbidden, notFound } from '../errors.ts';
import { withoutBidiControls } from '../shared/plain-text.ts';
import type { MediaObject, MediaRepository } from './media.repository.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { PHOTO_FORMATS, parsePhotoKey, photoKey, storedKeysOf } from './media-url.ts';
import { preparePhoto } from './photo-pipeline.ts';
import { storePhotoRenditions } from './photo-store.ts';
import { DEFERRED_PHOTO_FORMATS, PHOTO_JOB, type PhotoJob } from './photo-renditions.job.ts';
import { detectUploadType, SNIFF_BYTES, type MediaKind, type UploadType } from './upload-type.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { preparedVideoKey } from './car-video-preparation.ts';
import { VIDEO_JOB, type VideoJob } from './video-job.queue.ts';

/** The photo renditions an upload makes itself when the slower ones are left to a job. */
const NOW_PHOTO_FORMATS = PHOTO_FORMATS.map((format) => format.ext).filter(
  (format) => !DEFERRED_PHOTO_FORMATS.includes(format),
);

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'File too large (max 100MB)';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CAR_FOLDER = new RegExp(`^cars/(${UUID})$`, 'i');
const CONVERSATION_FOLDER = new RegExp(`^conversations/(${UUID})/media$`, 'i');

/** What each folder accepts (SPEC 7 media folders; SPEC 5 messaging attachment types). */
const CAR_TYPES = new Set(['jpg', 'png', 'gif', 'webp', 'mp4', 'mov', 'webm']);
const CONVERSATION_TYPES = new Set(['jpg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx', 'txt', 'rtf']);

export type UploadFolder =
  | { kind: 'car'; folder: string; carId: string }
  | { kind: 'conversation'; folder: string; conversationId: string };

/** The longest file name kept; longer names keep their end, where the extension is. */
export const ORIGINAL_NAME_MAX = 200;

/**
 * The name a file had on the uploader's device, as the multipart part gave it: only its last path segment, without
 * control or bidi control characters (docs/SECURITY.md), at most 200 characters. Null when nothing usable is left.
 */
export function uploadedFileName(raw: string | undefined): string | null {
  const name = withoutBidiControls(
    (raw ?? '')
      .split(/[/\\]/)
      .pop()!
      .replace(/\p{Cc}/gu, ''),
  ).trim();
  if (name === '' || name === '.' || name === '..') return null;
  return name.length > ORIGINAL_NAME_MAX ? name.slice(name.length - ORIGINAL_NAME_MAX) : name;
}

export function parseFolder(raw: unknown): UploadFolder {
  const folder = typeof raw === 'string' ? raw.trim().replace(/\/+$/, '') : '';
  if (!folder) {
    throw invalidInput('A folder is required (send the folder field before the file)', [
      { field: 'folder', message: 'Required' },
    ]);
  }
  const car = CAR_FOLDER.exec(folder);
  if (car?.[1]) return { kind: 'car', folder: `cars/${car[1].toLowerCase()}`, carId: car[1].toLowerCase() };
  const conversation = CONVERSATION_FOLDER.exec(folder);
  if (conversation?.[1]) {
    const id = conversation[1].toLowerCase();
    return { kind: 'conversation', folder: `conversations/${id}/media`, conversationId: id };
  }
  throw invalidInput('Unknown upload folder: use cars/{carId} or conversations/{conversationId}/media', [
    { field: 'folder', message: 'Unknown folder' },
  ]);
}

export interface UploadedMedia {
  key: string;
  kind: MediaKind;
  mime: string;
  size: number;
  status: MediaObject['status'];
}

/** Reads the first bytes of a stream for type detection, then gives back a stream of the whole content. */
async function splitHead(source: Readable, size: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    yield head;
    while (!ended) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: head.subarray(0, size), body: Readable.from(whole(), { objectMode: false }) };
}

class NotTextError extends Error {}

/**
 * Text has no magic number, so a .txt is checked as it streams: all of it must be UTF-8 without NUL bytes, not
 * only the sample its type was decided from.
 */
function textGuard(source: Readable): Readable {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        if (chunk.includes(0)) throw new NotTextError();
        decoder.decode(chunk, { stream: true });
        done(null, chunk);
      } catch {
        done(new NotTextError());
      }
    },
    flush(done) {
      try {
        decoder.decode();
        done();
      } catch {
        done(new NotTextError());
      }
    },
  });
  return pipe(source, guard, () => undefined);
}

export interface MediaServiceDeps {
  media: MediaRepository;
  storage: MediaStorage;
  /** Null when this machine has no ffmpeg: videos are then kept as uploaded. */
  ffmpeg: FfmpegBinaries | null;
  /** Where video preparation and car photos' slower renditions are queued. */
  jobs: JobQueue;
  /**
   * Whether car photos' AVIF renditions are left to a job. Only while this server serves /media, which answers a
   * rendition not made yet with its JPEG sibling; a CDN in front of the storage would answer 404.
   */
  deferSlowRenditions: boolean;
  tmpDir: string;
}

/**
 * Uploads: who may write to which folder, what each folder accepts (decided by magic bytes), app-generated keys,
 * streaming to storage with the 100MB cap, and video checks before a car video is queued for preparation.
 */
export class MediaService {
  private readonly deps: MediaServiceDeps;
  constructor(deps: MediaServiceDeps) {
    this.deps = deps;
  }

  /** 404 for folders the caller may not see; 403 for a car that exists but belongs to someone else. */
  async authorizeFolder(userId: string, folder: UploadFolder): Promise<void> {
    if (folder.kind === 'car') {
      const sellerId = await this.deps.media.findCarSeller(folder.carId);
      if (!sellerId) throw notFound('Car not found');
      if (sellerId !== userId) throw forbidden('You can only upload media to your own cars');
      return;
    }
    const participants = await this.deps.media.findConversationParticipants(folder.conversationId);
    if (!participants?.includes(userId)) throw notFound('Conversation not found');
  }

  /**
   * The `poster` field of a car video's upload: a photo the same user uploaded to the same car (through the photo
   * pipeline, so it is a real image stored without metadata). Undefined when absent; 400 for anything else.
   */
  async parsePosterField(userId: string, folder: UploadFolder, raw: unknown): Promise<string | undefined> {
    if (raw === undefined || raw === '') return undefined;
    const refuse = (message: string) => invalidInput(message, [{ field: 'poster', message }]);
    if (folder.kind !== 'car') throw refuse('Only a car video can have a poster');
    const key = typeof raw === 'string' ? raw.trim() : '';
    const row = key.length <= 512 ? await this.deps.media.findByKey(key) : undefined;
    if (!row || row.ownerId !== userId || row.folder !== folder.folder || !parsePhotoKey(row.key))
      throw refuse('The poster must be a photo uploaded to this car');
    return row.key;
  }

  /**
   * Stores one uploaded file. `isTruncated` reports whether the multipart parser cut the file at the size cap; it is
   * read once the stream has ended. `posterKey` (checked by parsePosterField) goes with a car video only.
   */
  async upload(
    userId: string,
    folder: UploadFolder,
    file: Readable,
    isTruncated: () => boolean,
    options: { posterKey?: string | undefined; originalName?: string | null } = {},
  ): Promise<UploadedMedia> {
    const { head, body } = await splitHead(file, SNIFF_BYTES);
    const type = await detectUploadType(head);
    const accepted = folder.kind === 'car' ? CAR_TYPES : CONVERSATION_TYPES;
    if (!type || !accepted.has(type.ext)) {
      file.destroy();
      throw new AppError('unsupported-type', this.refusal(folder));
    }
    if (options.posterKey && type.kind !== 'video') {
      file.destroy();
      throw invalidInput('Only a car video can have a poster', [
        { field: 'poster', message: 'Only a car video can have a poster' },
      ]);
    }
    if (type.kind === 'image')
      return this.acceptPhoto(userId, folder, body, isTruncated, options.originalName ?? null);
    const key = `${folder.folder}/${randomUUID()}.${type.ext}`;
    let size: number;
    try {
      ({ size } = await this.deps.storage.put(key, type.ext === 'txt' ? textGuard(body) : body, {
        contentType: type.mime,
      }));
    } catch (error) {
      if (!(error instanceof NotTextError)) throw error;
      file.destroy();
      await this.deps.storage.delete(key);
      throw new AppError('unsupported-type', this.refusal(folder));
    }
    if (isTruncated()) {
      await this.deps.storage.delete(key);
      throw new AppError('too-large', FILE_TOO_LARGE_MESSAGE);
    }
    if (type.kind === 'video' && folder.kind === 'car')
      return this.acceptVideo(
        userId,
        folder,
        key,
        type,
        size,
        options.posterKey,
        options.originalName ?? null,
      );
    await this.deps.media.insert({
      key,
      ownerId: userId,
      folder: folder.folder,
      kind: type.kind,
      mimeType: type.mime,
      size,
      status: 'ready',
      originalName: options.originalName ?? null,
    });
    return { key, kind: type.kind, mime: type.mime, size, status: 'ready' };
  }

  /**
   * A photo is never stored as uploaded: it goes through the photo pipeline (upright, no metadata, sRGB, renditions)
   * and only the renditions are stored, under a key that carries their sizes and placeholder. The upload is
   * spooled to a temporary file first, so nothing is stored when it is cut at the size cap or refused.
   */
  private async acceptPhoto(
    userId: string,
    folder: UploadFolder,
    body: Readable,
    isTruncated: () => boolean,
    originalName: string | null,
  ): Promise<UploadedMedia> {
    // Conversation photos are served through signed links one rendition at a time, so they are made whole here.
    const deferred = this.deps.deferSlowRenditions && folder.kind === 'car';
    await mkdir(this.deps.tmpDir, { recursive: true });
    const spool = join(this.deps.tmpDir, `${randomUUID()}.upload`);
    let prepared;
    try {
      await pipeline(body, createWriteStream(spool));
      if (isTruncated()) throw new AppError('too-large', FILE_TOO_LARGE_MESSAGE);
      prepared = await preparePhoto(spool, deferred ? { formats: NOW_PHOTO_FORMATS } : {});
    } finally {
      await rm(spool, { force: true });
    }
    const key = photoKey(folder.folder, randomUUID(), prepared.facts);
    const size = await storePhotoRenditions(this.deps.storage, key, prepared.renditions);
    await this.deps.media.insert({
      key,
      ownerId: userId,
      folder: folder.folder,
      kind: 'image',
      mimeType: 'image/jpeg',
      size,
      status: deferred ? 'processing' : 'ready',
      originalName,
    });
    if (deferred) await this.deps.jobs.send<PhotoJob>(PHOTO_JOB, { key }, { key });
    return { key, kind: 'image', mime: 'image/jpeg', size, status: deferred ? 'processing' : 'ready' };
  }

  private refusal(folder: UploadFolder): string {
    return folder.kind === 'car'
      ? 'File type not accepted: car media must be an image (JPG, PNG, GIF, WebP) or a video (MP4, MOV, WebM)'
      : 'File type not accepted: attachments must be images, PDF, DOC, DOCX, TXT or RTF';
  }

  /** Checks a car video with ffprobe before anything refers to it, then queues its preparation. */
  private async acceptVideo(
    userId: string,
    folder: Extract<UploadFolder, { kind: 'car' }>,
    key: string,
    type: UploadType,
    size: number,
    posterKey: string | undefined,
    originalName: string | null,
  ): Promise<UploadedMedia> {
    const { ffmpeg } = this.deps;
    if (ffmpeg) {
      let rejection: string | null;
      try {
        const local = await this.localCopy(key);
        try {
          rejection = videoRejection(await probe(ffmpeg.ffprobe, local.path));
        } finally {
          await local.release();
        }
      } catch {
        rejection = 'The video could not be read';
      }
      if (rejection) {
        await this.deps.storage.delete(key);
        throw invalidInput(rejection, [{ field: 'file', message: rejection }]);
      }
    }
    const status = ffmpeg ? 'processing' : 'ready';
    await this.deps.media.insert({
      key,
      ownerId: userId,
      folder: folder.folder,
      kind: 'video',
      mimeType: type.mime,
      size,
      status,
      posterKey: posterKey ?? null,
      originalName,
    });
    if (ffmpeg) {
      await this.deps.media.setCarVideoStatus(folder.carId, 'processing');
      await this.deps.jobs.send<VideoJob>(VIDEO_JOB, { key, carId: folder.carId }, { key });
    }
    return { key, kind: 'video', mime: type.mime, size, status };
  }

  /** A path ffprobe can read: the stored file itself on local disk, else a temporary download. */
  private async localCopy(key: string): Promise<{ path: string; release: () => Promise<void> }> {
    const { storage, tmpDir } = this.deps;
    if (storage.localRoot) return { path: join(storage.localRoot, key), release: async () => undefined };
    await mkdir(tmpDir, { recursive: true });
    const path = join(tmpDir, `${randomUUID()}-${key.split('/').pop() ?? 'media'}`);
    await pipeline(await storage.createReadStream(key), createWriteStream(path));
    return { path, release: () => rm(path, { force: true }) };
  }

  /**
   * For the car service when a client saves video keys: an uploaded original whose prepared version is ready is
   * replaced by it, so a car never points at an unprepared upload, whatever the order of upload, job and save.
   */
  async preferPreparedVideos(keys: readonly string[]): Promise<string[]> {
    const derived = keys.map(preparedVideoKey);
    const ready = new Set(
      (await this.deps.media.findByKeys(derived))
        .filter((row) => row.status === 'ready')
        .map((row) => row.key),
    );
    return keys.map((key, i) => (ready.has(derived[i]!) ? derived[i]! : key));
  }

  /** Deletes one of the caller's files; anyone else's key, or an unknown one, is 404. */
  async delete(userId: string, key: string): Promise<void> {
    const row = await this.deps.media.findByKey(key);
    if (!row || row.ownerId !== userId) throw notFound('Media not found');
    await this.deleteMediaKeys([key]);
  }

  /**
   * Removes files and their rows without an ownership check: for the car and conversation services, when the
   * thing the media belongs to is deleted. Unknown keys are ignored.
   */
  async deleteMediaKeys(keys: readonly string[]): Promise<void> {
    // Shared demo media (demo/...) is used by many cars and never goes with one of them.
    const rows = (await this.deps.media.findByKeys(keys)).filter((row) => !row.folder.startsWith('demo/'));
    rows.push(...(await this.#orphanedStreams(rows)));
    for (const row of rows) {
      for (const key of storedKeysOf(row.key)) await this.deps.storage.delete(key);
      const car = CAR_FOLDER.exec(row.folder);
      if (car?.[1]) await this.deps.media.removeKeysFromCar(car[1], [row.key]);
    }
    await this.deps.media.deleteByKeys(rows.map((row) => row.key));
  }

  /**
   * The ladders (HLS) of the videos being deleted: a ladder is named after the upload (`{uuid}.hls-...`), which it
   * shares with the upload's prepared MP4, so it goes once neither of them is left.
   */
  async #orphanedStreams(deleting: readonly MediaObject[]): Promise<MediaObject[]> {
    const gone = new Set(deleting.map((row) => row.key));
    const orphaned: MediaObject[] = [];
    for (const folder of new Set(deleting.filter((r) => r.kind === 'video').map((r) => r.folder))) {
      const siblings = await this.deps.media.findByFolder(folder);
      const uuidOf = (key: string) => /\/([0-9a-f-]{36})[^/]*$/.exec(key.replace(/\/master\.m3u8$/, ''))?.[1];
      const kept = new Set(
        siblings.filter((r) => r.kind === 'video' && !gone.has(r.key)).map((r) => uuidOf(r.key)),
      );
      const deletedUuids = new Set(deleting.filter((r) => r.kind === 'video').map((r) => uuidOf(r.key)));
      for (const row of siblings) {
        const uuid = uuidOf(row.key);
        if (row.kind === 'stream' && !gone.has(row.key) && deletedUuids.has(uuid) && !kept.has(uuid))
          orphaned.push(row);
      }
    }
    return orphaned;
  }

  /** Every file under a folder, e.g. `cars/{carId}` when the car is deleted. */
  async deleteMediaFolder(folder: string): Promise<void> {
    const rows = await this.deps.media.findByFolder(folder);
    await this.deleteMediaKeys(rows.map((row) => row.key));
  }
}
