import { carPhotos, resolveAssetUrl, type Photo } from '@autoreel/core';
import { CARD_GRID_SIZES, GALLERY_SIZES } from './cars/photo-sizes.ts';
import type { View } from './state/navigation.ts';

/** The image a first screen shows as its largest paint, and the width it is drawn at: what the page preloads. */
export interface HeroImage {
  photo: Photo | null | undefined;
  src: string;
  sizes: string;
}

interface HeroCar {
  poster?: string | null;
  posterPhoto?: Photo | null;
  images?: string[] | null;
  photos?: Photo[] | null;
}

const asCar = (value: unknown): HeroCar | null =>
  typeof value === 'object' && value !== null ? value : null;

function firstCar(data: unknown): HeroCar | null {
  const cars = (data as { cars?: unknown } | null)?.cars;
  return Array.isArray(cars) ? asCar(cars[0]) : null;
}

/** A car's poster (or first photo) drawn at `sizes`: the feed's full screen, the first browse card. */
function posterHero(car: HeroCar | null, sizes: string): HeroImage | null {
  const src = car && resolveAssetUrl('', car.poster ?? car.images?.find(Boolean));
  return src ? { photo: car.posterPhoto, src, sizes } : null;
}

/**
 * The hero of a view's first screen, from the data of its first API answer (the feed's and browse's first page, a
 * car's detail), with the web's media base (the page's origin); null when the screen has none.
 */
export function firstScreenHero(view: View, data: unknown): HeroImage | null {
  if (view === 'tiktok') return posterHero(firstCar(data), '100vw');
  if (view === 'browse') return posterHero(firstCar(data), CARD_GRID_SIZES);
  const car = view === 'detail' ? asCar(data) : null;
  const main = car ? carPhotos(car)[0] : undefined;
  const src = main && resolveAssetUrl('', main.src);
  return main && src ? { photo: main, src, sizes: GALLERY_SIZES } : null;
}
