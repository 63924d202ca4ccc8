import type { Photo } from '@autoreel/core';
import type { CSSProperties } from 'react';
import { ResponsivePhoto } from './ResponsivePhoto.tsx';

export interface CarPhotoProps {
  photo: Photo;
  alt: string;
  /** How wide the photo is drawn (the `sizes` attribute), for the browser to pick a rendition. */
  sizes: string;
  className?: string;
  /** The page's largest paint: fetched at once and ahead of the rest; every other photo loads when near. */
  priority?: boolean;
  style?: CSSProperties;
}

/**
 * Every photo of a car the detail page draws goes through here, so how a photo is fetched (sizes, renditions,
 * lazy loading, the placeholder) is decided in one place.
 */
export function CarPhoto({ photo, alt, sizes, className, priority = false, style }: CarPhotoProps) {
  return (
    <ResponsivePhoto
      photo={photo}
      sizes={sizes}
      alt={alt}
      className={className}
      style={style}
      draggable={false}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
