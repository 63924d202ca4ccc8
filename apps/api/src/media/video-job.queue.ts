import type { FfmpegBinaries } from '@autoreel/video';
import type { JobDefinition, JobLogger } from '../jobs/job-queue.ts';
import type { MediaRepository } from './media.repository.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { prepareCarVideo } from './car-video-preparation.ts';

export interface VideoJob {
  /** The uploaded original's key, under cars/{carId}. */
  key: string;
  carId: string;
}

export const VIDEO_JOB = 'video-preparation';
/** A video that takes longer than this to prepare is given up (after the retries). */
export const VIDEO_JOB_TIMEOUT_SECONDS = 15 * 60;

export interface VideoJobDeps {
  media: MediaRepository;
  storage: MediaStorage;
  ffmpeg: FfmpegBinaries | null;
  tmpDir: string;
  log: JobLogger & { debug(obj: object, msg: string): void };
}

/**
 * Prepares one car video (car-video-preparation.ts). Safe to run twice for one video: it does nothing unless the
 * upload's row is still 'processing', writes the same keys again, and records the result with a conditional status
 * change that only one run wins.
 */
export async function prepareVideo(deps: VideoJobDeps, job: VideoJob, signal: AbortSignal): Promise<void> {
  const original = await deps.media.findByKey(job.key);
  // Deleted while waiting, or prepared (or given up) by an earlier run of this job.
  if (original?.status !== 'processing') return;
  const action = await prepareCarVideo({ ...deps, timeoutMs: VIDEO_JOB_TIMEOUT_SECONDS * 1000 }, job, signal);
  // The one transition that says the job is done: a second run that got this far finds it taken.
  if (await deps.media.transitionStatus(job.key, 'processing', 'ready')) {
    deps.log.info({ key: job.key, action }, 'video prepared');
  }
}

/**
 * Car videos on the job queue, one at a time per process (encoding is CPU-bound). Unfinished jobs are the rows
 * still 'processing'; a video whose runs all failed is marked failed, on its row and its car.
 */
export function videoPreparationJob(deps: VideoJobDeps): JobDefinition<VideoJob> {
  return {
    name: VIDEO_JOB,
    run: (job, signal) => prepareVideo(deps, job, signal),
    timeoutSeconds: VIDEO_JOB_TIMEOUT_SECONDS,
    // A process killed mid-transcode uses one; a deploy's stop uses another.
    retries: 3,
    concurrency: 1,
    async onGiveUp(job) {
      if (await deps.media.transitionStatus(job.key, 'processing', 'failed')) {
        await deps.media.setCarVideoStatus(job.carId, 'failed');
      }
    },
    async unfinished() {
      const rows = await deps.media.findByStatus('video', 'processing');
      return rows.flatMap((row) => {
        const carId = /^cars\/([^/]+)$/.exec(row.folder)?.[1];
        return carId ? [{ key: row.key, data: { key: row.key, carId } }] : [];
      });
    },
  };
}
