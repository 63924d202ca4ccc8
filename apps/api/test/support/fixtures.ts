import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../src/context.ts';
import type { Database } from '../../src/db/client.ts';
import { cars, conversations, users } from '../../src/db/schema/index.ts';
import { AccessTokenService } from '../../src/accounts/access-token.service.ts';
import { nextTestPhone } from '../harness.ts';

/**
 * An account inserted straight into the database, with an access token signed by `secret`: for server processes
 * started with that JWT_SECRET.
 */
export async function insertSignedInUser(
  db: Database,
  secret: string,
): Promise<{ id: string; token: string }> {
  const [row] = await db
    .insert(users)
    // Not a real hash: the account signs in with its token only.
    .values({
      name: 'Seller',
      phone: nextTestPhone(),
      role: 'customer',
      passwordHash: 'not-a-password-hash',
      isPhoneVerified: true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, token: await new AccessTokenService(secret).sign({ id: row.id, role: 'customer' }) };
}

/** A listed car, inserted directly: these tests are about media, not about creating cars. */
export async function insertCar(ctx: Pick<AppContext, 'db'>, sellerId: string): Promise<string> {
  const [row] = await ctx.db
    .insert(cars)
    .values({
      sellerId,
      sellerType: 'private',
      make: 'Toyota',
      model: 'Hilux',
      year: 2020,
      mileage: 42_000,
      fuelType: 'Diesel',
      transmission: 'Manual',
      bodyType: 'Truck',
      condition: 'Used',
      description: 'A well kept bakkie with full service history.',
      price: 350_000,
    })
    .returning({ id: cars.id });
  if (!row) throw new Error('no car');
  return row.id;
}

export async function insertConversation(ctx: AppContext, a: string, b: string): Promise<string> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await ctx.db
    .insert(conversations)
    .values({ userLowId: low, userHighId: high })
    .returning({ id: conversations.id });
  if (!row) throw new Error('no conversation');
  return row.id;
}

/** A transparent 1 x 1 PNG, as sharp writes it (a decodable image: photos go through the photo pipeline). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Real video files made by ffmpeg for the test, in a fresh folder. */
/** A portrait phone video (H.264 1080x1920 at 30 fps with a tone) of the given length, written at `path`. */
export function makePortraitVideo(path: string, seconds: number): string {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1080x1920:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ]);
  return path;
}

export function makeVideos(): { portrait4s: string; clip2s: string; audioOnly: string } {
  const dir = mkdtempSync(join(tmpdir(), 'autoreel-video-'));
  const run = (args: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const portrait4s = makePortraitVideo(join(dir, 'portrait.mp4'), 4);
  const clip2s = join(dir, 'short.mp4');
  run([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x568:rate=25:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    clip2s,
  ]);
  const audioOnly = join(dir, 'audio.mp4');
  run([
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000:duration=5',
    '-c:a',
    'aac',
    '-f',
    'mp4',
    audioOnly,
  ]);
  return { portrait4s, clip2s, audioOnly };
}
