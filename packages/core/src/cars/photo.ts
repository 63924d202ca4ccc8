import { z } from 'zod';

/**
 * What a responsive image needs (the API derives it from a photo's key): `src` is the JPEG fallback, `srcset` its
 * JPEG widths, `sources` the same widths in AVIF and WebP, `placeholder` a thumbhash (base64url) shown until the
 * image has loaded. Media that did not go through the photo pipeline carries `src` alone.
 */
export const PhotoSchema = z.object({
  src: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  placeholder: z.string().optional(),
  srcset: z.string().optional(),
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })).optional(),
});
export type Photo = z.infer<typeof PhotoSchema>;
