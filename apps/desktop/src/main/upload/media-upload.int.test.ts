import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaObjects } from '../../../../api/src/db/schema/index.ts';
import { insertCar } from '../../../../api/test/support/fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from '../../../../api/test/harness.ts';
import { MemorySecretStore } from '../vault/secret-store.main.ts';
import { TokenVault } from '../vault/token-vault.main.ts';
import { MediaUploader } from './media-upload.main.ts';

/** Main's uploader against the real API on PGlite: the multipart body it streams, its session, its answers. */
let server: TestServer;
let apiBaseUrl: string;
let dealer: TestUser;
let otherDealer: TestUser;
let dir: string;
let photo: string;

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  apiBaseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;
  dealer = await server.createUser({ role: 'dealer', name: 'Upload Motors' });
  otherDealer = await server.createUser({ role: 'dealer', name: 'Other Motors' });
  dir = mkdtempSync(join(tmpdir(), 'autoreel-main-upload-'));
  photo = join(dir, 'poster "front" \r\n.jpg');
  writeFileSync(
    photo,
    await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer(),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signedIn(accessToken: string) {
  const vault = new TokenVault(new MemorySecretStore());
  await vault.save({ accessToken, refreshToken: 'held-refresh-token' });
  return vault;
}

/** An uploader on a session that must not need refreshing. */
async function uploaderFor(accessToken: string) {
  return new MediaUploader({
    vault: await signedIn(accessToken),
    auth: { call: () => Promise.reject(new Error('no refresh expected')) },
    apiBaseUrl: () => apiBaseUrl,
  });
}

describe('MediaUploader', () => {
  it('streams a file from disk into a car folder, with progress to 1 and a name made header-safe', async () => {
    const car = await insertCar(server.ctx, dealer.id);
    const uploader = await uploaderFor(dealer.token);
    const progress: number[] = [];
    const answer = await uploader.upload(
      { path: photo, name: 'poster "front" \r\n.jpg', type: 'image/jpeg' },
      { folder: `cars/${car}` },
      { onProgress: (fraction) => progress.push(fraction) },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      data: { key: expect.stringMatching(`^cars/${car}/`) },
    });
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('refreshes the session once on 401 and sends the file again', async () => {
    const car = await insertCar(server.ctx, dealer.id);
    const vault = await signedIn('an-expired-access-token');
    const refreshes: string[] = [];
    const uploader = new MediaUploader({
      vault,
      // What the auth proxy does on a good refresh: a fresh pair in the vault.
      auth: {
        call: async (endpoint) => {
          refreshes.push(endpoint);
          await vault.save({ accessToken: dealer.token, refreshToken: 'rotated-refresh-token' });
          return { status: 200, body: { success: true } };
        },
      },
      apiBaseUrl: () => apiBaseUrl,
    });
    const answer = await uploader.upload(
      { path: photo, name: 'poster.jpg', type: 'image/jpeg' },
      { folder: `cars/${car}` },
    );
    expect(refreshes).toEqual(['refresh-token']);
    expect(answer.status).toBe(200);
  });

  it("answers the API's refusal as it came: another dealer's car is 403 and nothing is stored", async () => {
    const foreign = await insertCar(server.ctx, otherDealer.id);
    const uploader = await uploaderFor(dealer.token);
    const answer = await uploader.upload(
      { path: photo, name: 'poster.jpg', type: 'image/jpeg' },
      { folder: `cars/${foreign}` },
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: 'You can only upload media to your own cars' });
    const stored = await server.ctx.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.folder, `cars/${foreign}`));
    expect(stored).toEqual([]);
  });

  it('stops the request when its signal aborts, mid-upload or before', async () => {
    const car = await insertCar(server.ctx, dealer.id);
    const uploader = await uploaderFor(dealer.token);
    const error = await uploader
      .upload(
        { path: photo, name: 'poster.jpg', type: 'image/jpeg' },
        { folder: `cars/${car}` },
        {
          signal: AbortSignal.abort(),
        },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });

    // A large file (an MP4 header, so the API reads on rather than refusing its type) stopped once bytes are out.
    const big = join(dir, 'big.mp4');
    const ftyp = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2', 'latin1'),
    ]);
    writeFileSync(big, Buffer.concat([ftyp, Buffer.alloc(30 * 1024 * 1024, 7)]));
    const controller = new AbortController();
    const stopped = await uploader
      .upload(
        { path: big, name: 'big.mp4', type: 'video/mp4' },
        { folder: `cars/${car}` },
        {
          signal: controller.signal,
          onProgress: (fraction) => {
            if (fraction > 0.1) controller.abort();
          },
        },
      )
      .catch((e: unknown) => e);
    expect(stopped).toMatchObject({ name: 'AbortError' });
  });
});
