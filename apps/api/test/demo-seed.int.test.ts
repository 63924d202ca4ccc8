import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TYPES, CAR_MAKES, CONDITIONS, FUEL_TYPES, modelSpec, TRANSMISSIONS } from '@autoreel/core';
import { findFfmpegBinaries, probe, type FfmpegBinaries } from '@autoreel/video';
import {
  carLikes,
  carViews,
  cars,
  comments,
  dealerReviews,
  dealers,
  mediaObjects,
  shares,
  users,
} from '../src/db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo-catalogue.ts';
import { isDatabaseEmpty, seedDemo, type DemoSeedResult } from '../src/seed/demo-seed.ts';
import { demoShape } from '../src/seed/demo-shapes.ts';
import { storedKeysOf } from '../src/media/media-url.ts';
import { verifyPassword } from '../src/accounts/password.service.ts';
import { createTestServer, type TestServer } from './harness.ts';

/** The segment a demo car's side view is drawn in. */
const shapeOf = (car: { make: string; model: string }) => demoShape(modelSpec(car.make, car.model));

let server: TestServer;
let first: DemoSeedResult;

/**
 * A fresh machine: the PATH without any folder that holds an ffmpeg or ffprobe, and no FFMPEG_PATH, so the seed
 * runs on the binaries of the optional installer packages that `npm install` brought.
 */
const withoutSystemFfmpeg: NodeJS.ProcessEnv = {
  PATH: (process.env['PATH'] ?? '')
    .split(delimiter)
    .filter((folder) => !existsSync(join(folder, 'ffmpeg')) && !existsSync(join(folder, 'ffprobe')))
    .join(delimiter),
};
let binaries: FfmpegBinaries | null;

beforeAll(async () => {
  server = await createTestServer();
  expect(await isDatabaseEmpty(server.ctx.db)).toBe(true);
  binaries = findFfmpegBinaries(withoutSystemFfmpeg);
  // The walk-arounds' render cache is shared by both databases' runs, as by two starts on one machine.
  first = await seedDemo({
    db: server.ctx.db,
    storage: server.ctx.storage,
    ffmpeg: binaries,
    cacheDir: join(tmpdir(), 'autoreel-test-demo-render-cache'),
  });
  console.log(`demo seed on ${server.ctx.database.dialect}: ${first.ms} ms`);
}, 300_000);
afterAll(() => server.close());

const distinct = (
  rows: (typeof cars.$inferSelect)[],
  key: 'make' | 'bodyType' | 'fuelType' | 'transmission' | 'condition',
) => new Set(rows.map((row) => row[key]));

describe('demo seed', () => {
  it('creates the four demo accounts with the documented password', async () => {
    const rows = await server.ctx.db
      .select()
      .from(users)
      .where(
        inArray(
          users.phone,
          Object.values(DEMO_ACCOUNTS).map((a) => a.phone),
        ),
      );
    expect(rows).toHaveLength(4);
    const byPhone = new Map(rows.map((row) => [row.phone, row]));
    expect(byPhone.get(DEMO_ACCOUNTS.admin.phone)?.role).toBe('admin');
    expect(byPhone.get(DEMO_ACCOUNTS.dealer.phone)?.role).toBe('dealer');
    expect(byPhone.get(DEMO_ACCOUNTS.customer.phone)?.role).toBe('customer');
    expect(byPhone.get(DEMO_ACCOUNTS.privateSeller.phone)?.isPrivateSeller).toBe(true);
    for (const row of rows) {
      expect(row.isPhoneVerified).toBe(true);
      expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    const dealerOwner = byPhone.get(DEMO_ACCOUNTS.dealer.phone)!;
    const [own] = await server.ctx.db.select().from(dealers).where(eq(dealers.userId, dealerOwner.id));
    expect(own?.isVerified).toBe(true);
    const [inventory] = await server.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cars)
      .where(eq(cars.dealerId, own!.id));
    expect(inventory!.n).toBeGreaterThanOrEqual(30);
  });

  it('has 12 approved dealers whose ratings match their reviews, and 3 private sellers', async () => {
    const dealerRows = await server.ctx.db.select().from(dealers);
    expect(dealerRows).toHaveLength(12);
    expect(dealerRows.every((d) => d.isVerified)).toBe(true);
    expect(dealerRows.filter((d) => d.location.endsWith('Eswatini')).length).toBeGreaterThanOrEqual(6);
    expect(dealerRows.some((d) => d.location.endsWith('South Africa'))).toBe(true);
    for (const dealer of dealerRows) {
      const reviews = await server.ctx.db
        .select()
        .from(dealerReviews)
        .where(eq(dealerReviews.dealerId, dealer.id));
      expect(reviews).toHaveLength(dealer.reviewCount);
      const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
      expect(dealer.rating).toBeCloseTo(average, 2);
    }
    const owners = await server.ctx.db.select().from(users).where(eq(users.role, 'dealer'));
    expect(owners).toHaveLength(12);
    const privates = await server.ctx.db.select().from(users).where(eq(users.isPrivateSeller, true));
    expect(privates).toHaveLength(3);
    const privateCars = await server.ctx.db.select().from(cars).where(eq(cars.sellerType, 'private'));
    expect(new Set(privateCars.map((c) => c.sellerId))).toEqual(new Set(privates.map((p) => p.id)));
    expect(privateCars.every((c) => c.dealerId === null)).toBe(true);
  });

  it('covers every make, body type, fuel, transmission and condition with at least 500 cars', async () => {
    const all = await server.ctx.db.select().from(cars);
    expect(all.length).toBeGreaterThanOrEqual(500);
    expect(distinct(all, 'make')).toEqual(new Set(CAR_MAKES.map((m) => m.name)));
    expect(distinct(all, 'bodyType')).toEqual(new Set(BODY_TYPES));
    expect(distinct(all, 'fuelType')).toEqual(new Set(FUEL_TYPES));
    expect(distinct(all, 'transmission')).toEqual(new Set(TRANSMISSIONS));
    expect(distinct(all, 'condition')).toEqual(new Set(CONDITIONS));

    const years = all.map((c) => c.year);
    // Only years whose cars still sell above the E80,000 floor: the oldest are 2008 to 2010.
    expect(Math.min(...years)).toBeGreaterThanOrEqual(2008);
    expect(Math.min(...years)).toBeLessThanOrEqual(2010);
    expect(Math.max(...years)).toBe(new Date().getUTCFullYear());
    const prices = all.map((c) => c.price);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(80_000);
    expect(Math.min(...prices)).toBeLessThan(100_000);
    expect(Math.max(...prices)).toBeLessThanOrEqual(3_500_000);
    expect(Math.max(...prices)).toBeGreaterThan(2_500_000);
    const mileages = all.map((c) => c.mileage);
    expect(Math.min(...mileages)).toBeLessThan(100);
    expect(Math.max(...mileages)).toBe(250_000);
    expect(all.filter((c) => c.condition === 'New').every((c) => c.mileage < 100)).toBe(true);
    expect(all.filter((c) => c.status === 'active').length / all.length).toBeGreaterThan(0.8);
    expect(all.every((c) => c.description.length >= 20)).toBe(true);
  });

  it('keeps reserved and sold cars while GET /api/cars offers at least 500 available ones', async () => {
    const all = await server.ctx.db.select().from(cars);
    const byStatus = (status: string) => all.filter((c) => c.status === status).length;
    expect(byStatus('reserved')).toBeGreaterThan(0);
    expect(byStatus('sold')).toBeGreaterThan(0);
    const res = await server.call({ method: 'GET', url: '/api/cars?limit=50' });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.total).toBe(byStatus('active'));
    expect(res.data.data.total).toBeGreaterThanOrEqual(500);
    expect(res.data.data.cars.every((c: { status: string }) => c.status === 'active')).toBe(true);
  });

  it('gives every car five photos through the photo pipeline, shared between cars that look the same', async () => {
    const all = await server.ctx.db.select().from(cars);
    const mediaRoot = join(server.config.dataDir, 'media');
    expect(all.every((c) => c.images.length === 5 && c.posterKey === c.images[0])).toBe(true);
    const distinctPhotos = new Set(all.flatMap((c) => c.images));
    expect(distinctPhotos.size).toBe(first.photos);
    // Shared: far fewer photos than cars x 5, and cars of one body type, segment and colour show the same ones.
    expect(first.photos).toBeLessThan(all.length);
    const same = (c: (typeof all)[number], d: (typeof all)[number]) =>
      c.bodyType === d.bodyType && c.exteriorColor === d.exteriorColor;
    const [a, b] = all.filter((c) => same(c, all[0]!) && shapeOf(c) === shapeOf(all[0]!));
    if (b) expect(b.images.slice(0, 3)).toEqual(a!.images.slice(0, 3));
    // A body type and colour in another segment has a cover of its own (a city hatch is not a hot one), and the
    // same front and rear.
    const pairs = all.flatMap((c) =>
      all.filter((d) => same(c, d) && shapeOf(c) !== shapeOf(d)).map((d) => [c, d]),
    );
    expect(pairs.length).toBeGreaterThan(0);
    for (const [c, d] of pairs.slice(0, 20)) {
      expect(c!.images[0]).not.toBe(d!.images[0]);
      expect(c!.images.slice(1, 3)).toEqual(d!.images.slice(1, 3));
    }
    for (const key of all[0]!.images) {
      expect(key).toMatch(/^demo\/photos\/[0-9a-f-]{36}\.640x400\.[\w-]+\.jpg$/);
      for (const rendition of storedKeysOf(key)) expect(existsSync(join(mediaRoot, rendition))).toBe(true);
    }
    const photoRows = await server.ctx.db
      .select()
      .from(mediaObjects)
      .where(inArray(mediaObjects.key, [...distinctPhotos]));
    expect(photoRows).toHaveLength(distinctPhotos.size);

    // The car answer carries what srcset needs.
    const answer = await server.call({ method: 'GET', url: `/api/cars/${all[0]!.id}` });
    expect(answer.data.data.photos).toHaveLength(5);
    expect(answer.data.data.posterPhoto.sources.map((s: { type: string }) => s.type)).toEqual([
      'image/avif',
      'image/webp',
    ]);
  });

  it('gives every car, with ffmpeg, a ready walk-around video, shared between cars that look the same', async () => {
    const all = await server.ctx.db.select().from(cars);
    expect(all.every((c) => c.videoStatus === 'ready' && c.videos.length === 1)).toBe(true);
    const clips = new Set(all.map((c) => c.videos[0]!));
    expect(clips.size).toBe(first.clips);
    expect(first.clips).toBeGreaterThanOrEqual(6);
    const rows = await server.ctx.db
      .select()
      .from(mediaObjects)
      .where(inArray(mediaObjects.key, [...clips]));
    expect(rows).toHaveLength(clips.size);

    const poster = await server.call({ method: 'GET', url: `/media/${all[0]!.posterKey}` });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const clip = await server.call({
      method: 'GET',
      url: `/media/${all[0]!.videos[0]}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(clip.statusCode).toBe(206);
  });

  it('plays on a machine without a system ffmpeg: the packaged binaries made every car a playable video', async () => {
    expect(binaries?.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(binaries?.ffprobe).toMatch(/@ffprobe-installer/);
    const all = await server.ctx.db.select().from(cars);
    expect(all.every((c) => c.videoStatus === 'ready' && c.videos.length > 0)).toBe(true);
    // A sample of cars spread over the catalogue, each video probed as a player would read it.
    const mediaRoot = join(server.config.dataDir, 'media');
    for (const car of [all[0]!, all[Math.floor(all.length / 2)]!, all[all.length - 1]!]) {
      const info = await probe(binaries!.ffprobe, join(mediaRoot, car.videos[0]!));
      expect(info.hasVideo).toBe(true);
      expect(info.videoCodec).toBe('h264');
      expect(info.pixFmt).toBe('yuv420p');
      // A walk-around of 8 to 12 s, portrait 9:16.
      expect(info.durationSec).toBeGreaterThanOrEqual(8);
      expect(info.durationSec).toBeLessThanOrEqual(12);
      expect(info.width / info.height).toBeCloseTo(9 / 16, 2);
      expect(info.indexFirst).toBe(true);
    }
  });

  it("shows each car's own kind of car: its body type's walk-around, of its own look where it is a common one", async () => {
    const all = await server.ctx.db.select().from(cars);
    const videoOf = new Map<string, Set<string>>();
    for (const car of all) {
      const bodyTypes = videoOf.get(car.videos[0]!) ?? new Set<string>();
      bodyTypes.add(car.bodyType);
      videoOf.set(car.videos[0]!, bodyTypes);
    }
    // One video never plays for two body types; cars of the same look share one file.
    expect([...videoOf.values()].every((bodyTypes) => bodyTypes.size === 1)).toBe(true);
    const byLook = new Map<string, Set<string>>();
    for (const car of all) {
      const look = `${car.bodyType}|${shapeOf(car)}|${car.exteriorColor}|${car.interiorColor}`;
      byLook.set(look, (byLook.get(look) ?? new Set()).add(car.videos[0]!));
    }
    expect([...byLook.values()].every((videos) => videos.size === 1)).toBe(true);
  });

  it('has people in it: likes, views, shares and answered comments, a few popular cars and a long tail', async () => {
    const perCar = async (table: typeof carLikes | typeof carViews | typeof shares | typeof comments) =>
      (
        await server.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .groupBy(table.carId)
          .orderBy(sql`count(*) desc`)
      ).map((row) => row.n);
    const likes = await perCar(carLikes);
    expect(likes[0]).toBeGreaterThanOrEqual(80);
    expect(likes.length).toBeGreaterThan(100);
    expect((await perCar(carViews))[0]).toBeGreaterThan(likes[0]!);
    expect((await perCar(shares)).length).toBeGreaterThan(10);
    const replies = await server.ctx.db
      .select()
      .from(comments)
      .where(sql`${comments.parentId} is not null`);
    expect(replies.length).toBeGreaterThan(10);
  });

  it("keeps shared demo photos and clips when one car's media is deleted", async () => {
    const [car] = await server.ctx.db.select().from(cars).limit(1);
    await server.ctx.media.deleteMediaFolder(`cars/${car!.id}`);
    await server.ctx.media.deleteMediaKeys([car!.videos[0]!, car!.posterKey!]);
    const mediaRoot = join(server.config.dataDir, 'media');
    expect(existsSync(join(mediaRoot, car!.posterKey!))).toBe(true);
    expect(existsSync(join(mediaRoot, car!.videos[0]!))).toBe(true);
  });

  it('draws nothing again into another empty database on the same machine: its photos and videos are the cached ones', async () => {
    const other = await createTestServer();
    try {
      const second = await seedDemo({
        db: other.ctx.db,
        storage: other.ctx.storage,
        ffmpeg: binaries,
        cacheDir: join(tmpdir(), 'autoreel-test-demo-render-cache'),
      });
      expect(second).toMatchObject({ photos: first.photos, cachedPhotos: first.photos });
      expect(second).toMatchObject({ clips: first.clips, cachedClips: first.clips });
      // The same keys (one seeded generator) with the same bytes: a demo car's cover in both databases.
      const [car] = await other.ctx.db.select().from(cars).limit(1);
      const [same] = await server.ctx.db.select().from(cars).where(eq(cars.id, car!.id));
      expect(car!.posterKey).toBe(same!.posterKey);
      const read = (root: string, key: string) => readFileSync(join(root, 'media', key));
      for (const key of storedKeysOf(car!.posterKey!))
        expect(read(other.config.dataDir, key).equals(read(server.config.dataDir, key))).toBe(true);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('is idempotent: a second run adds nothing', async () => {
    const count = async () => {
      const [row] = await server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(cars);
      const [u] = await server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
      const [m] = await server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(mediaObjects);
      return [row!.n, u!.n, m!.n];
    };
    const before = await count();
    const again = await seedDemo({
      db: server.ctx.db,
      storage: server.ctx.storage,
      ffmpeg: binaries,
    });
    expect(again.seeded).toBe(false);
    expect(await count()).toEqual(before);
    expect(await isDatabaseEmpty(server.ctx.db)).toBe(false);
  });
});
