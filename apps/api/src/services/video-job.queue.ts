import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { needsTranscode } from '@autoreel/core';
import {
  buildPosterArgs,
  buildRemuxArgs,
  buildTranscodeArgs,
  probe,
  runProcess,
  type FfmpegBinaries,
  type FfmpegProgress,
} from '@autoreel/video';
import type { MediaRepository } from '../repositories/media.repository.ts';
import type { MediaStorage } from '../storage/media-storage.ts';

/**
 * The prepared video and poster of an upload are named after it, so that any service holding the original key
 * can find them (see MediaService.preferPreparedVideos), and a job re-run after a crash overwrites rather than
 * duplicates.
 */
export function derivedVideoKeys(originalKey: string): { preparedKey: string; posterKey: string } {
  const stem = originalKey.replace(/\.[^./]+$/, '');
  return { preparedKey: `${stem}.prepared.mp4`, posterKey: `${stem}.poster.jpg` };
}

export interface VideoJob {
  /** The uploaded original's key, under cars/{carId}. */
  key: string;
  carId: string;
}

interface Logger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface VideoJobQueueDeps {
  media: MediaRepository;
  storage: MediaStorage;
  ffmpeg: FfmpegBinaries | null;
  tmpDir: string;
  log: Logger;
  /** A video that takes longer than this to prepare is marked failed. */
  timeoutMs?: number;
}

/**
 * Prepares car videos one at a time in this process (encoding is CPU-bound; one job keeps requests responsive on
 * a small server). State lives in the database (media_objects.status 'processing'), so jobs interrupted by a
 * restart are found again by resume().
 */
export class VideoJobQueue {
  private readonly deps: VideoJobQueueDeps;
  private readonly pending: VideoJob[] = [];
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private closed = false;

  constructor(deps: VideoJobQueueDeps) {
    this.deps = deps;
  }

  enqueue(job: VideoJob): void {
    if (this.closed) return;
    if (this.pending.some((p) => p.key === job.key)) return;
    this.pending.push(job);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Re-queues videos left in 'processing' by a previous run of the server. */
  async resume(): Promise<number> {
    const rows = await this.deps.media.findByStatus('video', 'processing');
    let queued = 0;
    for (const row of rows) {
      const carId = /^cars\/([^/]+)$/.exec(row.folder)?.[1];
      if (!carId) continue;
      this.enqueue({ key: row.key, carId });
      queued += 1;
    }
    return queued;
  }

  /** Resolves once every queued job has finished (tests and graceful shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops the running ffmpeg; unfinished jobs stay 'processing' in the database and resume on next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.pending.length = 0;
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  private async drain(): Promise<void> {
    for (let job = this.pending.shift(); job; job = this.pending.shift()) {
      try {
        await this.prepare(job);
      } catch (error) {
        if (this.closed) return;
        this.deps.log.error({ err: error, key: job.key }, 'video preparation failed');
        await this.deps.media.setStatus(job.key, 'failed').catch(() => undefined);
        await this.deps.media.setCarVideoStatus(job.carId, 'failed').catch(() => undefined);
      }
    }
  }

  private async prepare(job: VideoJob): Promise<void> {
    const { media, storage, ffmpeg, tmpDir } = this.deps;
    const original = await media.findByKey(job.key);
    if (!original) return; // deleted while waiting
    if (!ffmpeg) throw new Error('ffmpeg is not available');
    const folder = original.folder;
    const work = join(tmpDir, `video-${randomUUID()}`);
    await mkdir(work, { recursive: true });
    try {
      const input = storage.localRoot ? join(storage.localRoot, job.key) : join(work, 'input');
      if (!storage.localRoot)
        await pipeline(await storage.createReadStream(job.key), createWriteStream(input));
      const info = await probe(ffmpeg.ffprobe, input);
      const decision = needsTranscode(info);
      const output = join(work, 'prepared.mp4');
      const options = {
        signal: this.abort.signal,
        timeoutMs: this.deps.timeoutMs ?? 15 * 60_000,
        durationSec: info.durationSec,
        onProgress: (progress: FfmpegProgress) =>
          this.deps.log.debug({ key: job.key, ratio: progress.ratio }, 'video preparation progress'),
      };
      const args = decision.transcode
        ? buildTranscodeArgs(input, output, info)
        : buildRemuxArgs(input, output);
      this.deps.log.info(
        { key: job.key, reasons: decision.reasons },
        decision.transcode ? 'transcoding video' : 'remuxing video',
      );
      await runProcess(ffmpeg.ffmpeg, args, options);
      const prepared = await probe(ffmpeg.ffprobe, output);
      const poster = join(work, 'poster.jpg');
      await runProcess(ffmpeg.ffmpeg, buildPosterArgs(output, poster, prepared), {
        signal: this.abort.signal,
        timeoutMs: 60_000,
      });

      const { preparedKey, posterKey } = derivedVideoKeys(job.key);
      await storage.put(preparedKey, createReadStream(output), { contentType: 'video/mp4' });
      await storage.put(posterKey, createReadStream(poster), { contentType: 'image/jpeg' });
      await media.upsert({
        key: preparedKey,
        ownerId: original.ownerId,
        folder,
        kind: 'video',
        mimeType: 'video/mp4',
        size: (await stat(output)).size,
        status: 'ready',
      });
      await media.upsert({
        key: posterKey,
        ownerId: original.ownerId,
        folder,
        kind: 'image',
        mimeType: 'image/jpeg',
        size: (await stat(poster)).size,
        status: 'ready',
      });
      await media.setStatus(job.key, 'ready');
      const carStillThere = await media.completeCarVideo(job.carId, job.key, preparedKey, posterKey);
      if (!carStillThere) {
        await media.deleteByKeys([preparedKey, posterKey]);
        await storage.delete(preparedKey);
        await storage.delete(posterKey);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
