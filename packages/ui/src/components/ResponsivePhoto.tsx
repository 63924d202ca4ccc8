import type { Photo } from '@autoreel/core';
import { useState, type CSSProperties, type ImgHTMLAttributes } from 'react';
import { useApi } from '../api/ApiProvider.tsx';
import { placeholderUrl, resolveSrcset } from './photo-srcset.ts';

export interface ResponsivePhotoProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'alt'
> {
  /** The photo as the API answers it; without renditions (or absent) `src` alone is shown. */
  photo: Photo | null | undefined;
  /** The URL to show when there is no photo (a video poster, an older upload). */
  fallbackSrc?: string | null | undefined;
  /** How wide the image is drawn, for the browser to pick a rendition (the `sizes` attribute). */
  sizes: string;
  alt: string;
}

// display: contents keeps <picture> out of layout, so the <img> sizes and positions exactly as it did alone.
const PICTURE_STYLE: CSSProperties = { display: 'contents' };

/**
 * Every photo of the app: AVIF and WebP sources with a JPEG fallback, at the widths the API lists, so a phone
 * downloads the rendition its screen needs; the thumbhash placeholder fills the box until the image has loaded.
 */
export function ResponsivePhoto({
  photo,
  fallbackSrc,
  sizes,
  alt,
  style,
  onLoad,
  ...img
}: ResponsivePhotoProps) {
  const { assetUrl } = useApi();
  const [loaded, setLoaded] = useState(false);
  const src = assetUrl(photo?.src ?? fallbackSrc);
  if (!src) return null;
  const placeholder = loaded ? undefined : placeholderUrl(photo?.placeholder);
  const shown: CSSProperties | undefined = placeholder
    ? {
        ...style,
        backgroundImage: `url("${placeholder}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }
    : style;
  return (
    <picture style={PICTURE_STYLE}>
      {photo?.sources?.map((source) => (
        <source
          key={source.type}
          type={source.type}
          srcSet={resolveSrcset(source.srcset, assetUrl)}
          sizes={sizes}
        />
      ))}
      <img
        {...img}
        // sizes and srcset before src: the browser picks from them as soon as src is set.
        sizes={photo?.srcset ? sizes : undefined}
        srcSet={photo?.srcset ? resolveSrcset(photo.srcset, assetUrl) : undefined}
        src={src}
        alt={alt}
        style={shown}
        onLoad={(event) => {
          setLoaded(true);
          onLoad?.(event);
        }}
      />
    </picture>
  );
}
