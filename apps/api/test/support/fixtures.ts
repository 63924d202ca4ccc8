import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../src/context.ts';
import { cars, conversations } from '../../src/db/schema/index.ts';

/** A listed car, inserted directly: these tests are about media, not about creating cars. */
export async function insertCar(ctx: AppContext, sellerId: string): Promise<string> {
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
export function makeVideos(): { portrait4s: string; clip2s: string; audioOnly: string } {
  const dir = mkdtempSync(join(tmpdir(), 'autoreel-video-'));
  const run = (args: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const portrait4s = join(dir, 'portrait.mp4');
  run([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1080x1920:rate=30:duration=4',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100:duration=4',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    portrait4s,
  ]);
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
