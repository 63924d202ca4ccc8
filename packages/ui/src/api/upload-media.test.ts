import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryHost, ok, startTestApi, type TestApiServer } from '../testing/api-server.test-support.ts';
import { uploadMedia, type UploadMediaOptions } from './upload-media.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
});

const file = new Blob([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112])], { type: 'video/mp4' });

function options(extra: Partial<UploadMediaOptions> = {}): UploadMediaOptions {
  const { host } = memoryHost({ tokens: { accessToken: 'a1', refreshToken: 'r1' } });
  return { baseUrl: api.baseUrl, tokens: host.tokens, refreshSession: () => Promise.resolve(null), ...extra };
}

describe('uploadMedia', () => {
  it('answers the key and URL and ends its progress at 1', async () => {
    api.on('POST /media/upload', ok({ url: '/media/cars/c1/a.mp4', key: 'cars/c1/a.mp4' }));
    const progress: number[] = [];
    const result = await uploadMedia(
      file,
      'a.mp4',
      'cars/c1',
      options({ onProgress: (f) => progress.push(f) }),
    );
    expect(result).toEqual({ url: '/media/cars/c1/a.mp4', key: 'cars/c1/a.mp4' });
    expect(progress.at(-1)).toBe(1);
    expect(api.calls[0]?.authorization).toBe('Bearer a1');
  });

  it("uses the server's message, else 'Upload failed: {statusText}'", async () => {
    api.on('POST /media/upload', { status: 415, body: { success: false, error: 'Unsupported file type' } });
    await expect(uploadMedia(file, 'a.mp4', 'cars/c1', options())).rejects.toThrow('Unsupported file type');
    api.on('POST /media/upload', { status: 502, body: '<html>proxy error</html>' });
    await expect(uploadMedia(file, 'a.mp4', 'cars/c1', options())).rejects.toThrow(
      'Upload failed: Bad Gateway',
    );
  });

  it('refuses what is not a file before sending anything', async () => {
    await expect(uploadMedia('not a file' as unknown as Blob, 'a.mp4', 'cars/c1', options())).rejects.toThrow(
      'Invalid file type provided. Expected File or Blob.',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('keeps the expired-token answer when the session cannot be refreshed', async () => {
    api.on('POST /media/upload', {
      status: 401,
      body: { success: false, error: 'Invalid or expired token' },
    });
    await expect(uploadMedia(file, 'a.mp4', 'cars/c1', options())).rejects.toThrow(
      'Invalid or expired token',
    );
    expect(api.calls).toHaveLength(1);
  });
});
