import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@autoreel/api-client';
import { needsTranscode } from '@autoreel/core';
import { probe, resolveFfmpegBinaries } from '@autoreel/video';
import { createDealer } from '../../../../api/test/fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from '../../../../api/test/harness.ts';
import { createListing } from '../../../../../packages/ui/src/views/dealer/wizard/create-listing.ts';
import { filledWizardFields } from '../../../../../packages/ui/src/views/dealer/wizard/wizard-fields.test-support.ts';
import { consoleServices } from '../../main/ipc/console-services.test-support.ts';
import { inProcessBridge } from '../../main/ipc/in-process-bridge.test-support.ts';
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
 * A car listed from the console gets its poster from the server: the console uploads the video it prepared (already
 * in the delivery format), the API's video job only remuxes it and takes the poster from it, as it does for every
 * car video. Real parts throughout: ffmpeg, main's preparer behind the validating dispatcher, the desktop Host, the
 * wizard's creation sequence and the API on PGlite.
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
  it('gets a poster made by the server from the prepared upload', async () => {
    // A phone clip: 1080x1920 H.264 with 44.1 kHz audio, which the console must transcode.
    const source = generateClip(
      join(clipDir, 'walkaround.mov'),
      [movingPicture(1080, 1920, 4), tone(4)],
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    );
    const console = consoleServices({ apiBaseUrl, picked: [source] });
    try {
      const bridge = inProcessBridge(console.handlers, requestSchemas);
      const host = createDesktopHost(bridge, new Map() as unknown as Storage);
      // Signed in: the vault holds the dealer's session, as after a login through main.
      await host.tokens.save({ accessToken: dealer.token, refreshToken: 'not-used-by-this-test' });
      const client = createApiClient({
        baseUrl: apiBaseUrl,
        tokens: host.tokens,
        fetch: createMainRoutedFetch(fetch, bridge, apiBaseUrl),
      });

      const [picked] = await host.pickFiles({ accept: 'video/*' });
      const prepared = await host.prepareVideo(picked!);
      expect(prepared.transformed).toBe(true);

      const carId = await createListing(client, {
        fields: filledWizardFields(),
        video: prepared.file,
        photos: [],
      });
      await server.ctx.videoJobs.idle();

      const car = await client.get<{ poster: string | null; videos: string[]; videoStatus: string }>(
        `/cars/${carId}`,
      );
      expect(car.videoStatus).toBe('ready');
      expect(car.videos).toHaveLength(1);
      expect(car.poster).toMatch(/\/media\/cars\/.+\.poster\.jpg$/);

      // The upload the server kept is the console's file, already in the delivery format: the job remuxed it.
      const dataDir = join(server.config.dataDir, 'media');
      const preparedKey = new URL(car.videos[0]!, apiBaseUrl).pathname.replace(/^\/media\//, '');
      const originalKey = preparedKey.replace(/\.prepared\.mp4$/, '.mp4');
      const { ffprobe } = resolveFfmpegBinaries();
      expect(needsTranscode(await probe(ffprobe, join(dataDir, originalKey))).transcode).toBe(false);

      // The poster is served and is a JPEG of the delivered size.
      // (media URLs are same-origin paths: the console resolves them against the API it talks to)
      const answer = await fetch(new URL(car.poster!, apiBaseUrl));
      expect(answer.status).toBe(200);
      const poster = Buffer.from(await answer.arrayBuffer());
      expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const posterFile = join(clipDir, 'served-poster.jpg');
      writeFileSync(posterFile, poster);
      expect(videoStream(inspect(posterFile))).toMatchObject({
        codec_name: 'mjpeg',
        width: 720,
        height: 1280,
      });
      expect(readFileSync(join(dataDir, originalKey.replace(/\.mp4$/, '.poster.jpg')))).toEqual(poster);
    } finally {
      console.cleanup();
    }
  }, 180_000);
});
