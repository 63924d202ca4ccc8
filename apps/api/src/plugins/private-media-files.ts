import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../errors.ts';
import { conversationOfKey, type PrivateMediaLinks } from '../media/private-media-url.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { MEDIA_CONTENT_TYPES } from './media-files.ts';

/** Images are shown in the chat; everything else (PDF, DOC, DOCX, TXT, RTF) is only ever downloaded. */
const INLINE = new Set(['jpg', 'png', 'gif', 'webp']);

export const PRIVATE_MEDIA_MESSAGES = {
  invalid: 'This link is not valid: open the file from the conversation',
  expired: 'This link has expired: open the file from the conversation again',
} as const;

export interface PrivateMediaDeps {
  links: PrivateMediaLinks;
  storage: MediaStorage;
  /** The two people of a conversation, or undefined when it does not exist (any more). */
  participantsOf: (conversationId: string) => Promise<readonly string[] | undefined>;
  now: () => Date;
}

/**
 * Serves `/media/conversations/*` (conversation attachments) to their participants only, through a link signed
 * for one viewer (see PrivateMediaLinks). It is a more specific route than the public `/media/*`, which refuses
 * these paths itself, so however the path is spelt no attachment is served without this check.
 */
export async function registerPrivateMediaFiles(app: FastifyInstance, deps: PrivateMediaDeps): Promise<void> {
  app.get('/media/conversations/*', async (request, reply) => {
    const key = `conversations/${(request.params as { '*': string })['*']}`;
    const conversationId = conversationOfKey(key);
    if (!conversationId) throw notFound('File not found');
    const link = deps.links.check(key, request.query as Record<string, unknown>, deps.now());
    if (!link.ok) throw new AppError('forbidden', PRIVATE_MEDIA_MESSAGES[link.reason]);
    const participants = await deps.participantsOf(conversationId);
    if (!participants?.includes(link.viewerId)) throw notFound('File not found');
    if (!(await deps.storage.exists(key).catch(() => false))) throw notFound('File not found');

    const name = key.slice(key.lastIndexOf('/') + 1);
    const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    const maxAge = Math.max(0, Math.floor((link.expiresAt - deps.now().getTime()) / 1000));
    void reply
      .type(MEDIA_CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      // Only the viewer's own browser may keep it, and not past the link's expiry.
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('referrer-policy', 'no-referrer')
      // The name is the app-generated key's last part (a UUID and an extension), so it needs no escaping.
      .header('content-disposition', `${INLINE.has(ext) ? 'inline' : 'attachment'}; filename="${name}"`);
    return reply.send(await deps.storage.createReadStream(key));
  });
}
