import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DELIVERY_POLICY,
  EXTERIOR_COLOUR_OPTIONS,
  INTERIOR_COLOUR_OPTIONS,
  modelSpec,
  type BodyType,
} from '@autoreel/core';
import { ladderFiles, makeLadder, probe, type FfmpegBinaries } from '@autoreel/video';
import { streamKey } from '../media/media-url.ts';
import { streamContentType } from '../media/car-video-preparation.ts';
import type { Database } from '../db/client.ts';
import type { mediaObjects } from '../db/schema/index.ts';
import { DemoSeedRepository } from './demo-seed.repository.ts';
import { hashPassword } from '../accounts/password.service.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { buildDemoCatalogue, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SEED } from './demo-catalogue.ts';
import { DEMO_PHOTO_FOLDER, renderDemoPhotos } from './demo-photo-set.ts';
import { Prng } from './prng.ts';
import { renderDemoWalkarounds, type DemoVideoCar } from './demo-walkaround-set.ts';
import { cachedRender } from './demo-render-cache.ts';
import { demoShape } from './demo-shapes.ts';

export interface DemoSeedDeps {
  db: Database;
  storage: MediaStorage;
  /** Null: no videos (the cars are still seeded, with their photos). */
  ffmpeg: FfmpegBinaries | null;
  /** Where rendered photos and walk-around videos are kept between runs (the data folder's); none: rendered every time. */
  cacheDir?: string;
  now?: Date;
  log?: (message: string) => void;
}

export interface DemoSeedResult {
  seeded: boolean;
  users: number;
  dealers: number;
  cars: number;
  /** Distinct demo photos stored (shared between cars that look the same), and how many came from the cache. */
  photos: number;
  cachedPhotos: number;
  /** Distinct walk-around videos (shared between cars that look the same), and how many came from the cache. */
  clips: number;
  cachedClips: number;
  ms: number;
}

type MediaRow = typeof mediaObjects.$inferInsert;

/**
 * Rendered demo photos, videos and ladders kept between starts: beside the embedded database (not in the media
 * storage), or in a folder that several data folders share (AUTOREEL_DEMO_CACHE_DIR).
 */
export function demoCacheDir(config: { dataDir: string; demoCacheDir?: string | undefined }): string {
  return config.demoCacheDir ?? join(config.dataDir, 'demo-render-cache');
}

/** Bumped whenever a demo ladder's files change shape, so older cached ladders are not reused. */
const DEMO_LADDER_CACHE_VERSION = 2;

/**
 * The HLS ladder of a demo walk-around in `dir`, made once per distinct clip and delivery policy and then copied
 * from the cache.
 */
async function demoLadder(
  ffmpeg: FfmpegBinaries,
  clip: string,
  dir: string,
  cacheDir: string | undefined,
): Promise<{ renditions: number; segments: number }> {
  const key = createHash('sha256')
    .update(`v${DEMO_LADDER_CACHE_VERSION}|${JSON.stringify(DELIVERY_POLICY)}|`)
    .update(await readFile(clip))
    .digest('hex')
    .slice(0, 32);
  const shape = join(dir, 'ladder.json');
  await cachedRender(cacheDir, `ladder-${key}`, dir, async () => {
    // A walk-around is made at its ladder's top rung (demo-walkaround.ts): copied into it, not encoded again.
    const ladder = await makeLadder({
      input: clip,
      dir,
      source: await probe(ffmpeg.ffprobe, clip),
      binaries: ffmpeg,
      topIsInput: true,
    });
    await writeFile(
      shape,
      JSON.stringify({ renditions: ladder.renditions.length, segments: ladder.segmentCount }),
    );
  });
  return JSON.parse(await readFile(shape, 'utf8')) as { renditions: number; segments: number };
}

/** True when the database has no accounts at all: a first start, when the server seeds on its own. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  return (await new DemoSeedRepository(db).countUsers()) === 0;
}

/**
 * Seeds the deterministic demo catalogue (API-CONTRACT, process and configuration). Idempotent: when the demo
 * admin exists it does nothing. Media files are written first and the rows in one transaction afterwards, so a
 * failure leaves no partial catalogue (and its files are removed).
 */
export async function seedDemo(deps: DemoSeedDeps): Promise<DemoSeedResult> {
  const started = Date.now();
  const repository = new DemoSeedRepository(deps.db);
  const log = deps.log ?? (() => undefined);
  if (await repository.userExists(DEMO_ACCOUNTS.admin.phone)) {
    return {
      seeded: false,
      users: 0,
      dealers: 0,
      cars: 0,
      photos: 0,
      cachedPhotos: 0,
      clips: 0,
      cachedClips: 0,
      ms: Date.now() - started,
    };
  }

  // One hash for every demo account: argon2id is deliberately slow, and they share the documented password.
  const work = await mkdtemp(join(tmpdir(), 'autoreel-seed-'));
  const storedKeys: string[] = [];
  try {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const catalogue = buildDemoCatalogue(passwordHash, deps.now ?? new Date());
    const admin = catalogue.users.find((u) => u.phone === DEMO_ACCOUNTS.admin.phone)!;
    // Keys come from the same seeded generator, so a re-seed of an emptied database gives the same URLs.
    const keys = new Prng(DEMO_SEED ^ 0x5eed);
    const exteriorHex = new Map(EXTERIOR_COLOUR_OPTIONS.map((c) => [c.name, c.hex]));
    const interiorHex = new Map(INTERIOR_COLOUR_OPTIONS.map((c) => [c.name, c.hex]));
    const videoCars: DemoVideoCar[] = catalogue.cars.map((car) => ({
      look: {
        bodyType: car.bodyType as BodyType,
        shape: demoShape(modelSpec(car.make, car.model)),
        exterior: exteriorHex.get(car.exteriorColor) ?? '#36454F',
        interior: interiorHex.get(car.interiorColor ?? '') ?? '#111111',
      },
      colour: car.exteriorColor,
    }));
    // The walk-arounds render while the photos go through the pipeline: both are drawn from the same pictures.
    const walkarounds = deps.ffmpeg
      ? renderDemoWalkarounds(deps.ffmpeg.ffmpeg, videoCars, work, deps.cacheDir)
      : Promise.resolve({ videos: [], byCar: [] });
    // Settled at once so a failure of the photos below does not leave it unobserved; awaited after them.
    walkarounds.catch(() => undefined);
    const media: MediaRow[] = [];
    const put = async (
      key: string,
      file: string,
      contentType: string,
      row: Omit<MediaRow, 'key' | 'size' | 'mimeType'>,
    ) => {
      await deps.storage.put(key, createReadStream(file), { contentType });
      storedKeys.push(key);
      media.push({ ...row, key, mimeType: contentType, size: (await stat(file)).size });
    };

    // Five photos per car, drawn per body type and colour and shared by every car that looks the same.
    const photos = await renderDemoPhotos(
      videoCars.map((car) => car.look),
      () => keys.uuid(),
      async (key, rendition) => {
        await deps.storage.put(key, Readable.from([rendition.data]), { contentType: rendition.mime });
        storedKeys.push(key);
      },
      work,
      deps.cacheDir,
    );
    const { videos, byCar: videoByCar } = await walkarounds;
    const clips = videos.map((video) => video.path);
    // Shared videos live outside any car's folder, so deleting one car never removes another car's video.
    const clipKeys: string[] = [];
    for (const clip of clips) {
      const key = `demo/videos/${keys.uuid()}.mp4`;
      await put(key, clip, 'video/mp4', {
        ownerId: admin.id,
        folder: 'demo/videos',
        kind: 'video',
        status: 'ready',
      });
      clipKeys.push(key);
    }
    // Each video's adaptive ladder (HLS): the walk-arounds are already in the delivery format,
    // so this is the only encode they get here. Its files sit beside the clip, under one row of kind 'stream'.
    const streams = (async () => {
      const made: Record<string, string> = {};
      for (const [i, clip] of clips.entries()) {
        const dir = join(work, `ladder-${i}`);
        const ladder = await demoLadder(deps.ffmpeg!, clip, dir, deps.cacheDir);
        const master = streamKey(clipKeys[i]!, {
          renditions: ladder.renditions,
          segments: ladder.segments,
        });
        const folder = master.slice(0, master.lastIndexOf('/'));
        let size = 0;
        for (const name of ladderFiles(ladder.renditions, ladder.segments).reverse()) {
          const stored = await deps.storage.put(`${folder}/${name}`, createReadStream(join(dir, name)), {
            contentType: streamContentType(name),
          });
          storedKeys.push(`${folder}/${name}`);
          size += stored.size;
        }
        media.push({
          key: master,
          ownerId: admin.id,
          folder: 'demo/videos',
          kind: 'stream',
          mimeType: 'application/vnd.apple.mpegurl',
          size,
          status: 'ready',
        });
        made[clipKeys[i]!] = master;
      }
      return made;
    })();
    for (const photo of photos.stored) {
      media.push({
        key: photo.key,
        ownerId: admin.id,
        folder: DEMO_PHOTO_FOLDER,
        kind: 'image',
        mimeType: 'image/jpeg',
        size: photo.size,
        status: 'ready',
      });
    }
    const clipStreams = await streams;
    log(
      `demo photos rendered: ${photos.stored.length} photos, ${clips.length} walk-arounds (${videos.filter((v) => v.cached).length} from the cache) with their ladders`,
    );
    for (const [i, car] of catalogue.cars.entries()) {
      car.images = photos.byCar[i]!;
      car.posterKey = car.images[0]!;
      if (clipKeys.length > 0) {
        car.videos = [clipKeys[videoByCar[i]!]!];
        const stream = clipStreams[car.videos[0]!];
        if (stream) car.videoStreams = { [car.videos[0]!]: stream };
        car.videoStatus = 'ready';
      }
    }

    await repository.insertDemo({ ...catalogue, cars: catalogue.cars, media });
    const result = {
      seeded: true,
      users: catalogue.users.length,
      dealers: catalogue.dealers.length,
      cars: catalogue.cars.length,
      photos: photos.stored.length,
      cachedPhotos: photos.cached,
      clips: clipKeys.length,
      cachedClips: videos.filter((v) => v.cached).length,
      ms: Date.now() - started,
    };
    log(`demo catalogue seeded in ${result.ms} ms: ${result.cars} cars, ${result.dealers} dealers`);
    return result;
  } catch (error) {
    await Promise.all(storedKeys.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
