import { ApiError } from '@autoreel/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clientFor,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { uploadFailureReason, uploadMedia } from './upload-media.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
});

const file = new Blob([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112])], { type: 'video/mp4' });
const client = () =>
  clientFor(api.baseUrl, memoryHost({ tokens: { accessToken: 'a1', refreshToken: 'r1' } }).host);

describe('uploadMedia', () => {
  it('sends the folder first and the named file, and answers the key and URL', async () => {
    api.on('POST /media/upload', ok({ url: '/media/cars/c1/a.mp4', key: 'cars/c1/a.mp4' }));
    const progress: number[] = [];
    const result = await uploadMedia(client(), file, 'a.mp4', 'cars/c1', {
      onProgress: (f) => progress.push(f),
    });
    expect(result).toEqual({ url: '/media/cars/c1/a.mp4', key: 'cars/c1/a.mp4' });
    expect(progress.at(-1)).toBe(1);
    const body = api.calls[0]?.body as string;
    expect(body.indexOf('name="folder"')).toBeLessThan(body.indexOf('name="file"; filename="a.mp4"'));
    expect(api.calls[0]?.authorization).toBe('Bearer a1');
  });

  it("uses the server's message, else 'Upload failed: …', and refuses an answer without a key", async () => {
    api.on('POST /media/upload', { status: 415, body: { success: false, error: 'Unsupported file type' } });
    await expect(uploadMedia(client(), file, 'a.mp4', 'cars/c1')).rejects.toThrow('Unsupported file type');
    api.on('POST /media/upload', { status: 200, body: { success: true, data: { url: '/x' } } });
    await expect(uploadMedia(client(), file, 'a.mp4', 'cars/c1')).rejects.toThrow('Upload failed');
  });

  it('refuses what is not a file before sending anything', async () => {
    await expect(uploadMedia(client(), 'not a file' as unknown as Blob, 'a.mp4', 'cars/c1')).rejects.toThrow(
      'Invalid file type provided. Expected File or Blob.',
    );
    expect(api.calls).toHaveLength(0);
  });
});

describe('uploadFailureReason', () => {
  it('reads the server message, a bare status, or nothing at all', () => {
    expect(
      uploadFailureReason(
        new ApiError('File too large (max 100MB)', 413, [], { error: 'File too large (max 100MB)' }),
      ),
    ).toBe('File too large (max 100MB)');
    expect(uploadFailureReason(new ApiError('Request failed (502)', 502, [], '<html>'))).toBe(
      'Upload failed: Request failed (502)',
    );
    expect(uploadFailureReason(new ApiError('Network error', 0))).toBe('Upload failed');
    expect(uploadFailureReason(new Error('boom'))).toBe('Upload failed');
  });
});
