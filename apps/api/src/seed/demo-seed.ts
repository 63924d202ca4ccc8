import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { EXTERIOR_COLOUR_OPTIONS, INTERIOR_COLOUR_OPTIONS, type BodyType } from '@autoreel/core';
import type { FfmpegBinaries } from '@autoreel/video';
import type { Database } from '../db/client.ts';
import type { mediaObjects } from '../db/schema/index.ts';
import { DemoSeedRepository } from './demo-seed.repository.ts';
import { hashPassword } from '../accounts/password.service.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { buildDemoCatalogue, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SEED } from './demo-catalogue.ts';
import { renderDemoClips } from './demo-media.ts';
import { DEMO_PHOTO_FOLDER, renderDemoPhotos } from './demo-photo-set.ts';
import { Prng } from './prng.ts';

export const DEMO_CLIP_COUNT = 8;
export const DEMO_CLIP_SECONDS = 4;

export interface DemoSeedDeps {
  db: Database;
  storage: MediaStorage;
  /** Null: no videos (the cars are still seeded, with their photos). */
  ffmpeg: FfmpegBinaries | null;
  now?: Date;
  log?: (message: string) => void;
}

export interface DemoSeedResult {
  seeded: boolean;
  users: number;
  dealers: number;
  cars: number;
  /** Distinct demo photos stored (shared between cars that look the same). */
  photos: number;
  clips: number;
  ms: number;
}

type MediaRow = typeof mediaObjects.$inferInsert;

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
    return { seeded: false, users: 0, dealers: 0, cars: 0, photos: 0, clips: 0, ms: Date.now() - started };
  }

  // One hash for every demo account: argon2id is deliberately slow, and they share the documented password.
  const work = await mkdtemp(join(tmpdir(), 'autoreel-seed-'));
  const storedKeys: string[] = [];
  try {
    const [passwordHash, clips] = await Promise.all([
      hashPassword(DEMO_PASSWORD),
      deps.ffmpeg
        ? renderDemoClips(deps.ffmpeg.ffmpeg, DEMO_CLIP_COUNT, DEMO_CLIP_SECONDS, work)
        : Promise.resolve([]),
    ]);
    const catalogue = buildDemoCatalogue(passwordHash, deps.now ?? new Date());
    const admin = catalogue.users.find((u) => u.phone === DEMO_ACCOUNTS.admin.phone)!;
    // Keys come from the same seeded generator, so a re-seed of an emptied database gives the same URLs.
    const keys = new Prng(DEMO_SEED ^ 0x5eed);
    const exteriorHex = new Map(EXTERIOR_COLOUR_OPTIONS.map((c) => [c.name, c.hex]));
    const interiorHex = new Map(INTERIOR_COLOUR_OPTIONS.map((c) => [c.name, c.hex]));
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

    // Shared clips live outside any car's folder, so deleting one car never removes another car's video.
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
    // Five photos per car, drawn per body type and colour and shared by every car that looks the same.
    const photos = await renderDemoPhotos(
      catalogue.cars.map((car) => ({
        bodyType: car.bodyType as BodyType,
        exterior: exteriorHex.get(car.exteriorColor) ?? '#36454F',
        interior: interiorHex.get(car.interiorColor ?? '') ?? '#111111',
      })),
      () => keys.uuid(),
      async (key, rendition) => {
        await deps.storage.put(key, Readable.from([rendition.data]), { contentType: rendition.mime });
        storedKeys.push(key);
      },
    );
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
    log(`demo photos rendered: ${photos.stored.length} photos, ${clips.length} clips`);
    for (const [i, car] of catalogue.cars.entries()) {
      car.images = photos.byCar[i]!;
      car.posterKey = car.images[0]!;
      if (clipKeys.length > 0) {
        car.videos = [clipKeys[i % clipKeys.length]!];
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
      clips: clipKeys.length,
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
