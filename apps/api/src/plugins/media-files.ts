import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { avifStandIn } from '../media/media-url.ts';
import { isPrivateMediaKey } from '../media/private-media-url.ts';
import type { MediaStorage } from '../storage/media-storage.ts';

/** A year: keys are unique and never rewritten, so a cached copy can never be stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * HLS playlists: five minutes. Their keys are unique too, but a playlist is the entry to a ladder, and a short life
 * lets a ladder made again (a re-run job) or removed be noticed; the segments it names stay immutable.
 */
const PLAYLIST = 'public, max-age=300';

/** The Cache-Control of a media key. */
export function mediaCacheControl(key: string): string {
  return key.endsWith('.m3u8') ? PLAYLIST : IMMUTABLE;
}

/** The Content-Type of a media key, by its extension (keys are made by the server, so the extension is true). */
export function mediaContentType(key: string): string {
  return MEDIA_CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

export const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  // HLS: playlists, and fMP4 (CMAF) media segments, whose init segments are plain .mp4.
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/mp4',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  rtf: 'application/rtf',
};

/**
 * A car photo's AVIF renditions are made by a job after the upload answered. Asked for one not made yet, the
 * answer is a redirect to the JPEG of the same width (browsers decode what arrives, whatever the <source> said),
 * never cached, so the AVIF is fetched once it exists. Answers whether it redirected.
 */
async function redirectToStandIn(storage: MediaStorage, key: string, reply: FastifyReply): Promise<boolean> {
  const standIn = avifStandIn(key);
  if (!standIn || isPrivateMediaKey(key) || (await storage.exists(key).catch(() => true))) return false;
  if (!(await storage.exists(standIn).catch(() => false))) return false;
  void reply.header('cache-control', 'no-store').redirect(`/media/${standIn}`, 307);
  return true;
}

/**
 * Serves `/media/*` outside /api. Local storage goes through @fastify/static (Range requests, so videos seek);
 * a bucket without a CDN in front is streamed through this server. Conversation attachments are never served here,
 * however their path is spelt: only the signed route of private-media-files.ts serves them.
 */
export async function registerMediaFiles(app: FastifyInstance, storage: MediaStorage): Promise<void> {
  if (storage.localRoot) {
    mkdirSync(storage.localRoot, { recursive: true });
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = request.url.split('?')[0] ?? '';
      if (!path.startsWith('/media/') || !path.endsWith('.avif')) return;
      let key: string;
      try {
        key = decodeURIComponent(path.slice('/media/'.length));
      } catch {
        return; // a malformed path: the static handler answers it
      }
      if (await redirectToStandIn(storage, key, reply)) return reply;
    });
    await app.register(fastifyStatic, {
      root: storage.localRoot,
      prefix: '/media/',
      decorateReply: false,
      wildcard: true,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      allowedPath: (pathName) => !isPrivateMediaKey(pathName),
      // Types by the key's extension (send's own table calls .m4s `video/iso.segment`, which players refuse).
      setHeaders: (reply, path) => {
        void reply.header('cache-control', mediaCacheControl(path));
        void reply.header('content-type', mediaContentType(path));
      },
    });
    return;
  }
  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (await redirectToStandIn(storage, key, reply)) return reply;
    if (isPrivateMediaKey(key) || !(await storage.exists(key).catch(() => false)))
      return reply.callNotFound();
    void reply.header('cache-control', mediaCacheControl(key)).type(mediaContentType(key));
    return reply.send(await storage.createReadStream(key));
  });
}
