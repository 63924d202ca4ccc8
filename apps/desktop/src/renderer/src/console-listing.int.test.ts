import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@autoreel/api-client';
import { eq } from 'drizzle-orm';
import { createDealer } from '../../../../api/test/fixtures.ts';
import { mediaObjects } from '../../../../api/src/db/schema/index.ts';
import { createTestServer, type TestServer, type TestUser } from '../../../../api/test/harness.ts';
import { createListing } from '../../../../../packages/ui/src/listing/create-listing.ts';
import { filledWizardFields } from '../../../../../packages/ui/src/listing/wizard-fields.test-support.ts';
import { consoleServices } from '../../main/ipc/console-services.test-support.ts';
import { inProcessBridge, type BridgeCrossing } from '../../main/ipc/in-process-bridge.test-support.ts';
import { requestSchemas } from '../../main/ipc/ipc-schemas.main.ts';
import {
  generateClip,
  inspect,
  movingPicture,
  tone,
  videoStream,
} from '../../main/video/video-quality.test-support.ts';
import { createDesktopHost } from './desktop-host.ts';
import { createMainRoutedFetch } from './main-routed-fetch.ts';

/**
 * A car listed from the console: main prepares the phone clip through the shared pipeline and uploads it with its
 * poster straight from disk; the API's job runs the same pipeline, finds the file already meets the rule and only
 * checks it, keeping the console's poster. Real parts throughout: ffmpeg, main's preparer and uploader behind the
 * validating dispatcher, the desktop Host, the wizard's creation sequence and the API on PGlite.
 */
let server: TestServer;
let apiBaseUrl: string;
let dealer: TestUser;
let clipDir: string;

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  apiBaseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;
  dealer = (await createDealer(server, { name: 'Console Motors' })).user;
  clipDir = mkdtempSync(join(tmpdir(), 'autoreel-console-listing-'));
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (clipDir) rmSync(clipDir, { recursive: true, force: true });
});

describe('a car listed from the console', () => {
  it('is served the file the console prepared, checked but not encoded again, with the console poster', async () => {
    // A phone clip: 1080x1920 H.264 with 44.1 kHz audio, which the console must transcode.
    const source = generateClip(
      join(clipDir, 'walkaround.mov'),
      [movingPicture(1080, 1920, 4), tone(4)],
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    );
    const console = consoleServices({ apiBaseUrl, picked: [source] });
    try {
      const crossings: BridgeCrossing[] = [];
      const bridge = inProcessBridge(console.handlers, requestSchemas, crossings);
      const host = createDesktopHost(bridge, new Map() as unknown as Storage);
      // Signed in: the vault holds the dealer's session, as after a login through main.
      await host.tokens.save({ accessToken: dealer.token, refreshToken: 'not-used-by-this-test' });
      const client = createApiClient({
        baseUrl: apiBaseUrl,
        tokens: host.tokens,
        fetch: createMainRoutedFetch(fetch, bridge, apiBaseUrl),
      });

      const [picked] = await host.pickFiles({ accept: 'video/*' });
      crossings.length = 0;
      const prepared = await host.prepareVideo(picked!);
      expect(prepared.transformed).toBe(true);
      const work = console.services.files.workDir;
      const [preparedName] = (await readdir(work)).filter((name) => name.endsWith('.mp4'));
      const preparedBytes = readFileSync(join(work, preparedName!));

      const progress: number[] = [];
      const carId = await createListing(
        client,
        { fields: filledWizardFields(), video: prepared.file, photos: [] },
        { onPhase: (phase) => phase.phase === 'video' && progress.push(phase.progress) },
      );
      // The video and its poster went from main's disk to the API: not a byte of them crossed into the page.
      const videoChannels = crossings.filter((c) => c.channel.startsWith('video.'));
      expect(videoChannels.map((c) => c.channel)).toEqual(['video.prepare', 'video.upload']);
      expect(crossings.every((c) => c.requestBytes === 0 && c.answerBytes === 0)).toBe(true);
      expect(progress.at(-1)).toBe(1);
      await server.ctx.jobs.idle();

      const car = await client.get('/cars/:id', { params: { id: carId } });
      expect(car.videoStatus).toBe('ready');
      expect(car.videos).toHaveLength(1);

      // The server kept the upload as it came: the bytes main prepared, under the upload's own key.
      const dataDir = join(server.config.dataDir, 'media');
      const videoKey = new URL(car.videos[0]!, apiBaseUrl).pathname.replace(/^\/media\//, '');
      expect(videoKey).not.toMatch(/prepared/);
      expect(readFileSync(join(dataDir, videoKey)).equals(preparedBytes)).toBe(true);
      const [upload] = await server.ctx.media.preferPreparedVideos([videoKey]);
      expect(upload).toBe(videoKey);

      // The poster is the console's, uploaded before the video and named by it, served as a photo.
      const [videoRow] = await server.ctx.db
        .select()
        .from(mediaObjects)
        .where(eq(mediaObjects.key, videoKey));
      expect(videoRow!.posterKey).toBeTruthy();
      expect(car.poster).toBe(`/media/${videoRow!.posterKey}`);
      expect(car.posterPhoto).toMatchObject({ width: 720, height: 1280 });
      expect(car.posterPhoto!.placeholder).toBeTruthy();
      const answer = await fetch(new URL(car.poster!, apiBaseUrl));
      expect(answer.status).toBe(200);
      const poster = Buffer.from(await answer.arrayBuffer());
      const posterFile = join(clipDir, 'served-poster.jpg');
      writeFileSync(posterFile, poster);
      expect(videoStream(inspect(posterFile))).toMatchObject({
        codec_name: 'mjpeg',
        width: 720,
        height: 1280,
      });
    } finally {
      console.cleanup();
    }
  }, 180_000);
});
