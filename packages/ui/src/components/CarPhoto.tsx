import type { CSSProperties } from 'react';

export interface CarPhotoProps {
  src: string;
  alt: string;
  className?: string;
  /** The page's largest paint: fetched at once and ahead of the rest; every other photo loads when near. */
  priority?: boolean;
  style?: CSSProperties;
}

/**
 * Every photo of a car the storefront draws goes through here, so how a photo is fetched (sizes, renditions,
 * lazy loading) is decided in one place.
 */
export function CarPhoto({ src, alt, className, priority = false, style }: CarPhotoProps) {
  return (
    <img
      src={src}
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
