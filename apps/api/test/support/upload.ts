import type { TestServer, TestUser } from '../harness.ts';
import { multipart } from './multipart.ts';

/** POST /api/media/upload as the multipart form the clients send: the folder field first, then the file. */
export function uploadFile(
  server: TestServer,
  user: TestUser | undefined,
  folder: string | undefined,
  file: { name: string; content: Buffer; type?: string },
) {
  const body = multipart([
    ...(folder === undefined ? [] : [{ name: 'folder', value: folder }]),
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
