import type { Photo } from '@autoreel/core';
import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ImgHTMLAttributes,
  type RefObject,
} from 'react';
import { useApi } from '../platform/ApiProvider.tsx';
import { useHydrating } from '../kit/useHydrating.ts';
import { drawnPlaceholderUrl, placeholderUrl, resolveSrcset } from './photo-srcset.ts';

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
 * The photo's placeholder. Decoding a thumbhash takes a few milliseconds, which a screen of photos paid all at once
 * on a slow phone; so a hash not drawn before is decoded in a task of its own once its photo is on screen (a gallery's
 * hidden slides and the cards below the fold wait until they are seen), and not at all when the photo has loaded by
 * then (preloaded, or cached).
 */
function usePlaceholder(hash: string | undefined, img: RefObject<HTMLImageElement | null>) {
  const [decoded, setDecoded] = useState<string | undefined>();
  const drawn = drawnPlaceholderUrl(hash);
  useEffect(() => {
    const element = img.current;
    if (!hash || drawn || !element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const decodeUnlessLoaded = () => {
      timer = setTimeout(() => {
        if (!(element.complete && element.naturalWidth > 0)) setDecoded(placeholderUrl(hash));
      }, 0);
    };
    if (typeof IntersectionObserver === 'undefined') {
      decodeUnlessLoaded();
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      decodeUnlessLoaded();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [hash, drawn, img]);
  return drawn ?? decoded;
}

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
  const imgRef = useRef<HTMLImageElement>(null);
  const decoded = usePlaceholder(photo?.placeholder, imgRef);
  // A photo the server rendered can load (or fail) before the app hydrates it, when nothing listens yet: its
  // handlers are told once hydrated, so what waits on them (the feed's first video, the next car's poster) does not
  // wait on.
  const serverRendered = useRef(useHydrating());
  useEffect(() => {
    const element = imgRef.current;
    if (!serverRendered.current || !element?.complete) return;
    element.dispatchEvent(new Event(element.naturalWidth > 0 ? 'load' : 'error'));
  }, []);
  const src = assetUrl(photo?.src ?? fallbackSrc);
  if (!src) return null;
  const placeholder = loaded ? undefined : decoded;
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
        ref={imgRef}
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
