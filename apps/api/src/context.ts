import type { Config } from './config/config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { join } from 'node:path';
import pino from 'pino';
import { MediaRepository } from './repositories/media.repository.ts';
import { AccessTokenService } from './services/access-token.service.ts';
import { MediaService } from './services/media.service.ts';
import { VideoJobQueue } from './services/video-job.queue.ts';
import { createMediaStorage } from './storage/create-media-storage.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import { findFfmpegBinaries } from './video/ffmpeg-binaries.ts';

/**
 * The composition root: every service the routes use, built once per server from its configuration and database.
 * Tests build the same context over a fresh database, so they exercise exactly what production runs.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: AccessTokenService;
  storage: MediaStorage;
  media: MediaService;
  videoJobs: VideoJobQueue;
  /** Injected so that expiry rules can be tested without waiting. */
  now: () => Date;
}

export function createContext(
  config: Config,
  database: DatabaseHandle,
  jwtSecret: string,
  now: () => Date = () => new Date(),
): AppContext {
  const storage = createMediaStorage(config);
  const mediaRepository = new MediaRepository(database.db);
  const ffmpeg = findFfmpegBinaries();
  const tmpDir = join(config.dataDir, 'tmp');
  const log = pino({ level: config.logLevel, name: 'video-jobs' });
  const videoJobs = new VideoJobQueue({ media: mediaRepository, storage, ffmpeg, tmpDir, log });
  return {
    config,
    database,
    db: database.db,
    tokens: new AccessTokenService(jwtSecret),
    storage,
    media: new MediaService({ media: mediaRepository, storage, ffmpeg, videoJobs, tmpDir }),
    videoJobs,
    now,
  };
}
