import sharp, { type Metadata, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { AppError } from '../errors.ts';
import {
  PHOTO_FORMATS,
  PHOTO_MAX_WIDTH,
  photoWidths,
  type PhotoFacts,
  type PhotoFormat,
} from './media-url.ts';

/**
 * The most pixels a photo may have: a 50 MP camera's full frame. Checked from the header before anything is
 * decoded, so a small file announcing a huge picture (a decompression bomb) costs nothing.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;
export const PHOTO_TOO_LARGE_MESSAGE = `Photo too large: at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`;
export const PHOTO_UNREADABLE_MESSAGE = 'The photo could not be read';

export interface Rendition {
  width: number;
  format: PhotoFormat;
  mime: string;
  data: Buffer;
}

export interface PreparedPhoto {
  facts: PhotoFacts;
  renditions: Rendition[];
}

/**
 * Encoder settings per format: quality for phones' screens, and the AVIF effort kept low because it is by far the
 * slowest encoder (effort 2 is about four times faster than the default and a few percent larger).
 */
const ENCODERS: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 74, effort: 3 }),
  jpg: (image) => image.jpeg({ quality: 78, mozjpeg: true }),
};

/**
 * The fastest settings, for the generated demo drawings (flat colours, where effort buys little): the seed
 * encodes a few hundred of them on the first start, five times faster than with ENCODERS.
 */
const QUICK_ENCODERS: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 0 }),
  webp: (image) => image.webp({ quality: 74, effort: 0 }),
  jpg: (image) => image.jpeg({ quality: 78 }),
};

export interface PreparePhotoOptions {
  /** Fastest encoder settings (generated demo media). */
  quick?: boolean;
  /** The formats to encode; all of PHOTO_FORMATS when omitted (the upload leaves AVIF to a job). */
  formats?: readonly PhotoFormat[];
}

/** The thumbhash of the photo, from a copy at most 100 px on a side (the algorithm's limit). */
async function thumbhashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .clone()
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64url');
}

/**
 * Reads an uploaded photo and returns its renditions: turned upright from its EXIF orientation, converted to sRGB,
 * every metadata block (EXIF, GPS, XMP, IPTC, ICC profile) left behind, and encoded afresh at each width of
 * PHOTO_WIDTHS up to its own (never enlarged) in AVIF, WebP and JPEG. An animated GIF or WebP keeps its first frame:
 * a car photo is a still, and the feed has videos for motion. Throws an 'unreadable' AppError for a file that is not a
 * readable photo or is larger than MAX_PHOTO_PIXELS.
 */
export async function preparePhoto(
  input: Buffer | string,
  options: PreparePhotoOptions = {},
): Promise<PreparedPhoto> {
  const encoders = options.quick ? QUICK_ENCODERS : ENCODERS;
  let metadata: Metadata;
  try {
    // Only the header is read here; the pixel cap is applied below, with a clear answer.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('unreadable', PHOTO_UNREADABLE_MESSAGE);
  }
  const { width = 0, height = 0 } = metadata;
  if (width <= 0 || height <= 0) throw new AppError('unreadable', PHOTO_UNREADABLE_MESSAGE);
  if (width * height > MAX_PHOTO_PIXELS) throw new AppError('unreadable', PHOTO_TOO_LARGE_MESSAGE);

  let upright: Sharp;
  let size: { width: number; height: number };
  try {
    // One decode: upright, sRGB, at most the widest rendition; every rendition is made from this copy.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, pages: 1 })
      .rotate()
      .resize({ width: PHOTO_MAX_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      // Transparency over white, as the photo would look on the page.
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    size = { width: info.width, height: info.height };
    upright = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  } catch {
    throw new AppError('unreadable', PHOTO_UNREADABLE_MESSAGE);
  }

  const hash = await thumbhashOf(upright);
  const formats = PHOTO_FORMATS.filter((format) => options.formats?.includes(format.ext) ?? true);
  const jobs = photoWidths(size.width).flatMap((w) =>
    formats.map(async (format): Promise<Rendition> => {
      const resized = w === size.width ? upright.clone() : upright.clone().resize({ width: w });
      // sharp writes no metadata unless asked (withMetadata/keepExif); the output is plain sRGB.
      const data = await encoders[format.ext](resized).toBuffer();
      return { width: w, format: format.ext, mime: format.mime, data };
    }),
  );
  return { facts: { ...size, hash }, renditions: await Promise.all(jobs) };
}
