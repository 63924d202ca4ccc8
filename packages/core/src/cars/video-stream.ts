import { z } from 'zod';

/**
 * A car video's adaptive ladder (HLS with fMP4 segments), beside its MP4: `master` is the master playlist (every
 * rendition, lowest first, with BANDWIDTH, AVERAGE-BANDWIDTH, RESOLUTION and CODECS), `lowest` the lowest
 * rendition's own playlist (what a native HLS player is given on Data saver, so it cannot step up), and `preload`
 * the lowest rendition's init segment and first segment (what the feed fetches ahead for the next car). Segments
 * are served with long immutable caching, playlists with a short one.
 */
export const VideoStreamSchema = z.object({
  master: z.string(),
  lowest: z.string(),
  preload: z.array(z.string()),
});
export type VideoStream = z.infer<typeof VideoStreamSchema>;
