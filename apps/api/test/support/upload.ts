import type { TestServer, TestUser } from '../harness.ts';
import { multipart } from './multipart.ts';

/**
 * POST /api/media/upload as the multipart form the clients send: the folder field first, any other fields (a car
 * video's poster), then the file.
 */
export function uploadFile(
  server: TestServer,
  user: TestUser | undefined,
  folder: string | undefined,
  file: { name: string; content: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const body = multipart([
    ...(folder === undefined ? [] : [{ name: 'folder', value: folder }]),
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    {
      name: 'file',
      filename: file.name,
      contentType: file.type ?? 'application/octet-stream',
      content: file.content,
    },
  ]);
  return server.call({
    method: 'POST',
    url: '/api/media/upload',
    payload: body.payload,
    headers: body.headers,
    ...(user ? { user } : {}),
  });
}
