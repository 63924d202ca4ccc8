import type { Photo } from '@autoreel/core';

/** The part of the configuration media URLs depend on. */
export interface MediaUrlConfig {
  cdnBaseUrl: string | undefined;
  /**
   * This server's public origin when PUBLIC_URL is set. Media URLs never use it (they stay same-origin paths so any
   * address of the server works); it only turns links that leave the site back into keys.
   */
  publicUrl?: string | undefined;
}

/**
 * The one place that turns stored media keys into URLs (and photo keys into their renditions).
 *
 * Keys are stored, URLs are derived, so moving media behind a CDN (CDN_BASE_URL) changes every answer without
 * touching the data. Without a CDN a URL is a same-origin path (/media/...): the page works at whatever address it
 * was opened (localhost, 127.0.0.1, a LAN address), and clients on another origin (the desktop console) resolve
 * it against the API base they already know. Absolute URLs pass through unchanged.
 */
export function mediaUrl(key: string, config: MediaUrlConfig): string {
  if (/^https?:\/\//i.test(key)) return key;
  const base = (config.cdnBaseUrl ?? '/media').replace(/\/+$/, '');
  return `${base}/${key.replace(/^\/+/, '')}`;
}

/**
 * The storage key behind a media reference a client sends back: clients echo the URLs they were given, so this
 * server's own media URLs (CDN, PUBLIC_URL or same-origin) are turned back into keys. Anything else comes back as it
 * came.
 */
export function mediaKeyFromRef(ref: string, config: MediaUrlConfig): string {
  const bases = [
    config.cdnBaseUrl,
    config.publicUrl ? `${config.publicUrl.replace(/\/+$/, '')}/media` : undefined,
  ]
    .filter((base): base is string => Boolean(base))
    .map((base) => `${base.replace(/\/+$/, '')}/`);
  for (const base of bases) {
    if (ref.startsWith(base)) return ref.slice(base.length);
  }
  // Any origin's /media/ path: the same server reached at another address.
  const path = /^https?:\/\/[^/]+(\/media\/.*)$/i.exec(ref)?.[1] ?? ref;
  if (path.startsWith('/media/')) return path.slice('/media/'.length);
  return path.replace(/^\/+/, '');
}

// ---------------------------------------------------------------------------------------------------------------
// Photos: one stored key, many renditions

/** Rendition widths; a photo never gets one wider than itself (its own width then closes the list). */
export const PHOTO_WIDTHS = [320, 640, 1080, 1600] as const;
export const PHOTO_MAX_WIDTH = 1600;
/** The rendition a plain URL (images[], chat attachments, old clients) points at: good on any screen. */
export const PHOTO_DEFAULT_WIDTH = 1080;
export const PHOTO_FORMATS = [
  { ext: 'avif', mime: 'image/avif' },
  { ext: 'webp', mime: 'image/webp' },
  { ext: 'jpg', mime: 'image/jpeg' },
] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number]['ext'];

export interface PhotoFacts {
  /** Size after auto-orientation and the 1600 px cap. */
  width: number;
  height: number;
  /** The thumbhash, base64url. */
  hash: string;
}

/**
 * A photo's key is its default JPEG rendition and carries what a srcset needs, so no answer has to join another
 * table: `{folder}/{uuid}.{width}x{height}.{thumbhash}.jpg`. Other renditions are siblings: `...{hash}.{w}.{ext}`.
 */
const PHOTO_KEY = /^(.+\/[0-9a-f-]{36})\.(\d{1,5})x(\d{1,5})\.([A-Za-z0-9_-]{8,80})\.jpg$/;

export function photoKey(folder: string, id: string, facts: PhotoFacts): string {
  return `${folder}/${id}.${facts.width}x${facts.height}.${facts.hash}.jpg`;
}

export function parsePhotoKey(key: string): PhotoFacts | undefined {
  const match = PHOTO_KEY.exec(key);
  if (!match) return undefined;
  return { width: Number(match[2]), height: Number(match[3]), hash: match[4]! };
}

/** The widths a photo of this width is stored at. */
export function photoWidths(width: number): number[] {
  const top = Math.min(width, PHOTO_MAX_WIDTH);
  return [...PHOTO_WIDTHS.filter((w) => w < top), top];
}

function defaultWidth(width: number): number {
  const widths = photoWidths(width);
  return widths.filter((w) => w <= PHOTO_DEFAULT_WIDTH).pop() ?? widths[0]!;
}

/** The key of one rendition; the default JPEG is the photo key itself. */
export function photoRenditionKey(key: string, width: number, format: PhotoFormat): string {
  const facts = parsePhotoKey(key);
  if (!facts) return key;
  if (format === 'jpg' && width === defaultWidth(facts.width)) return key;
  return `${key.slice(0, -'.jpg'.length)}.${width}.${format}`;
}

/**
 * For a photo's AVIF rendition, which a job makes after the upload, the JPEG rendition of the same width: what is
 * served in its place until it exists. Undefined for any other key.
 */
export function avifStandIn(key: string): string | undefined {
  const match = /^(.+)\.(\d{1,5})\.avif$/.exec(key);
  const photo = `${match?.[1]}.jpg`;
  if (!match || !parsePhotoKey(photo)) return undefined;
  return photoRenditionKey(photo, Number(match[2]), 'jpg');
}

/** Every stored file of a photo (all renditions) or of a video's ladder, or the key alone for any other media. */
export function storedKeysOf(key: string): string[] {
  if (parseStreamKey(key)) return streamFileKeys(key);
  const facts = parsePhotoKey(key);
  if (!facts) return [key];
  return photoWidths(facts.width).flatMap((w) => PHOTO_FORMATS.map((f) => photoRenditionKey(key, w, f.ext)));
}

/** What an <img srcset>/<picture> needs for a stored image key; a key that is not a photo gives its URL alone. */
export function presentPhoto(key: string, config: MediaUrlConfig): Photo {
  return presentPhotoWith(key, (rendition) => mediaUrl(rendition, config));
}

/** The same, with every rendition's URL made by `urlOf` (a private attachment's links are signed one by one). */
export function presentPhotoWith(key: string, urlOf: (key: string) => string): Photo {
  const src = urlOf(key);
  const facts = parsePhotoKey(key);
  if (!facts) return { src };
  const widths = photoWidths(facts.width);
  const srcsetOf = (format: PhotoFormat) =>
    widths.map((w) => `${urlOf(photoRenditionKey(key, w, format))} ${w}w`).join(', ');
  return {
    src,
    width: facts.width,
    height: facts.height,
    placeholder: facts.hash,
    srcset: srcsetOf('jpg'),
    sources: PHOTO_FORMATS.filter((f) => f.ext !== 'jpg').map((f) => ({
      type: f.mime,
      srcset: srcsetOf(f.ext),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Video streams: the adaptive ladder (HLS, fMP4 segments) beside a video's MP4

/**
 * A ladder's files sit in one folder named after the video and carrying the ladder's shape (renditions x segments
 * per rendition), so that every file's key follows from the master playlist's key with no table to join:
 * `{folder}/{uuid}.hls-{r}x{n}/master.m3u8`, and in the same folder `r{i}.m3u8`, `r{i}.init.mp4`, `r{i}.s{j}.m4s`
 * (the names `@autoreel/video` writes; its playlists refer to them relatively).
 */
const STREAM_KEY = /^(.+\/[0-9a-f-]{36})\.hls-(\d{1,2})x(\d{1,4})\/master\.m3u8$/;

export interface StreamShape {
  renditions: number;
  segments: number;
}

/** The master playlist's key of the ladder made from the video `videoKey` (`{folder}/{uuid}.mp4` or a sibling). */
export function streamKey(videoKey: string, shape: StreamShape): string {
  const base = /^(.+\/[0-9a-f-]{36})(\.[^/]*)?$/.exec(videoKey)?.[1];
  if (!base) throw new Error(`Not a video key: ${videoKey}`);
  return `${base}.hls-${shape.renditions}x${shape.segments}/master.m3u8`;
}

export function parseStreamKey(key: string): (StreamShape & { folder: string }) | undefined {
  const match = STREAM_KEY.exec(key);
  if (!match) return undefined;
  return {
    folder: key.slice(0, key.lastIndexOf('/')),
    renditions: Number(match[2]),
    segments: Number(match[3]),
  };
}

/** Every file of a ladder, the master playlist first, by the names `@autoreel/video` gives them. */
export function streamFileKeys(key: string): string[] {
  const shape = parseStreamKey(key);
  if (!shape) return [key];
  const keys = [key];
  for (let i = 0; i < shape.renditions; i++) {
    keys.push(`${shape.folder}/r${i}.m3u8`, `${shape.folder}/r${i}.init.mp4`);
    for (let j = 0; j < shape.segments; j++) keys.push(`${shape.folder}/r${i}.s${j}.m4s`);
  }
  return keys;
}

/** What a car answer says of a video's ladder (core's VideoStream). */
export function presentStream(key: string, config: MediaUrlConfig) {
  const shape = parseStreamKey(key);
  if (!shape) return null;
  const url = (name: string) => mediaUrl(`${shape.folder}/${name}`, config);
  return {
    master: mediaUrl(key, config),
    lowest: url('r0.m3u8'),
    preload: [url('r0.init.mp4'), url('r0.s0.m4s')],
  };
}
