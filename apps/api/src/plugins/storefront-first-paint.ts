import { readFileSync } from 'node:fs';
import {
  CAR_SORT_OPTIONS,
  carPhotos,
  carsAvailableText,
  carTitle,
  DEFAULT_CAR_SORT,
  displayPrice,
  formatAmount,
  groupDigits,
  resolveAssetUrl,
  sellerLocationOf,
  sellerNameOf,
  type Photo,
  type PricedCar,
  type SellerNamed,
} from '@autoreel/core';
import { thumbHashToDataURL } from 'thumbhash';

/**
 * The first screen of a storefront route as plain HTML, built from the same API answer index.html inlines, so it
 * paints as soon as the HTML has arrived instead of after the JavaScript has downloaded and run. React then
 * replaces it (createRoot, no hydration): it is a picture of the view, with no behaviour of its own but links.
 *
 * The markup mirrors the DOM and sizes of the React views (packages/ui: FeedSlide, BrowseView with CarCard,
 * CarDetail) and storefront-first-paint.css their styles, so nothing moves when React takes over and the element
 * React paints is never larger than the one painted here (Lighthouse would take the later paint as the LCP).
 * Every value from the answer is escaped: make, model and description are written by sellers.
 */
export type FirstPaintView = 'feed' | 'browse' | 'detail';

/** The fields of a car these screens show, as GET /cars and GET /cars/{id} answer; any may be missing. */
interface ShownCar extends SellerNamed, PricedCar {
  year?: number | null;
  make?: string | null;
  model?: string | null;
  mileage?: number | null;
  fuelType?: string | null;
  transmission?: string | null;
  poster?: string | null;
  images?: string[] | null;
  videos?: string[] | null;
  posterPhoto?: Photo | null;
  photos?: Photo[] | null;
}

/** A card poster's drawn width, as CARD_GRID_SIZES in packages/ui (the API does not import the UI). */
const CARD_SIZES = '(min-width: 1280px) 360px, (min-width: 640px) 50vw, 100vw';

/** The detail page's main photo, as GALLERY_SIZES in packages/ui's CarDetail. */
const GALLERY_SIZES = '(min-width: 1024px) 50vw, 100vw';

/** Browse cards drawn: the first row on every layout (1, 2 or 3 columns) and then some. */
export const FIRST_PAINT_CARDS = 6;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A media path as the storefront's assetUrl makes it (the web's media base is the page's origin). */
const mediaUrl = (path: string | null | undefined) => resolveAssetUrl('', path);
const firstOf = (list: readonly string[] | null | undefined) => list?.find(Boolean);

/** The thumbhash placeholder as an inline background, shown until the image has loaded over it. */
function placeholderStyle(hash: string | undefined): string {
  if (!hash || !/^[\w-]+$/.test(hash)) return '';
  try {
    const url = thumbHashToDataURL(Buffer.from(hash, 'base64url'));
    return ` style="background:url(${url}) center/cover"`;
  } catch {
    return '';
  }
}

/**
 * An image as ResponsivePhoto (packages/ui) draws it: AVIF and WebP sources and the JPEG srcset when the answer
 * has a photo, the plain URL otherwise. `className` leads the tag; `attributes` follow src, already escaped.
 */
function photoHtml(
  photo: Photo | null | undefined,
  src: string,
  sizes: string,
  className: string | null,
  attributes: string,
): string {
  const lead = className ? `class="${className}" ` : '';
  if (!photo?.srcset) return `<img ${lead}src="${escapeHtml(src)}" ${attributes}>`;
  const sources = (photo.sources ?? [])
    .map((s) => `<source type="${escapeHtml(s.type)}" srcset="${escapeHtml(s.srcset)}" sizes="${sizes}">`)
    .join('');
  return (
    `<picture style="display:contents">${sources}<img ${lead}src="${escapeHtml(mediaUrl(photo.src) ?? src)}" ` +
    `${attributes} sizes="${sizes}" srcset="${escapeHtml(photo.srcset)}"${placeholderStyle(photo.placeholder)}></picture>`
  );
}
function carsOf(data: unknown): ShownCar[] {
  const cars = (data as { cars?: unknown } | null)?.cars;
  return Array.isArray(cars) ? cars.filter((c): c is ShownCar => typeof c === 'object' && c !== null) : [];
}

/** The app frame around a view: the header (wide screens) and the bottom bar (phones) as empty bars. */
function frame(view: FirstPaintView, main: string, dark = false): string {
  const tone = dark ? ' fp-dark' : '';
  return (
    `<div class="fp" data-first-paint="${view}" aria-busy="true"><div class="fp-header${tone}"></div>` +
    `<main>${main}</main><div class="fp-bar${tone}"></div></div>`
  );
}

/** The image a first screen draws as its largest paint, and the sizes it is drawn at: what index.html preloads. */
export interface HeroImage {
  photo: Photo | null | undefined;
  src: string;
  sizes: string;
}

/** A car's poster photo (or first photo) drawn at `sizes`: the feed's full screen, a card's box. */
function posterHero(car: ShownCar | undefined, sizes: string): HeroImage | null {
  const src = car && mediaUrl(car.poster ?? firstOf(car.images));
  return src ? { photo: car.posterPhoto, src, sizes } : null;
}

/** CarDetail's main photo: the cover. */
function detailHero(car: ShownCar): HeroImage | null {
  const main = carPhotos(car)[0];
  const src = main && mediaUrl(main.src);
  return src ? { photo: main, src, sizes: GALLERY_SIZES } : null;
}

/** The hero of a route's first screen, from its API answer's data. */
export function firstPaintHero(view: FirstPaintView, data: unknown): HeroImage | null {
  if (view === 'feed') return posterHero(carsOf(data)[0], '100vw');
  if (view === 'browse') return posterHero(carsOf(data)[0], CARD_SIZES);
  if (view === 'detail' && typeof data === 'object' && data !== null) return detailHero(data);
  return null;
}

/**
 * A preload of the hero that fetches the file its <picture> will pick: the AVIF rendition for the same sizes (a
 * browser without AVIF skips it and takes the WebP source), else the JPEG srcset, else the plain URL.
 */
export function heroPreload(hero: HeroImage): string {
  const lead = '<link rel="preload" as="image" fetchpriority="high"';
  const avif = hero.photo?.sources?.find((source) => source.type === 'image/avif');
  const srcset = avif?.srcset ?? hero.photo?.srcset;
  if (!srcset) return `${lead} href="${escapeHtml(hero.src)}">`;
  const type = avif ? ' type="image/avif"' : '';
  return `${lead}${type} imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(hero.sizes)}">`;
}

/** FeedSlide: the first car's poster (or first photo) full screen, with its price, title and seller. */
function feed(data: unknown): string | null {
  const car = carsOf(data)[0];
  if (!car) return null;
  const title = carTitle(car) || 'Car';
  const hero = posterHero(car, '100vw');
  // The poster as an image, in the box and fit of the feed's <video>, which shows the same photo under it until it
  // has a frame: an <img> is reliably reported as the largest paint, and the video that replaces it is not larger.
  const media = hero
    ? photoHtml(
        hero.photo,
        hero.src,
        hero.sizes,
        'fp-video',
        `alt="${escapeHtml(title)}" fetchpriority="high"`,
      )
    : `<div class="fp-video" role="img" aria-label="No video of the ${escapeHtml(title)}"></div>`;
  const seller = [sellerNameOf(car), sellerLocationOf(car)].filter(Boolean).join(' · ');
  const isPrivate = car.isPrivateSeller ?? car.sellerType === 'private';
  const sellerLine = seller
    ? `<p class="fp-seller-line">${isPrivate ? '<span class="fp-seller-badge">Private Seller</span>' : ''}${escapeHtml(seller)}</p>`
    : '';
  return frame(
    'feed',
    `<section class="fp-feed"><h1 class="fp-hidden">Car videos</h1><div class="fp-stage"><div class="fp-viewport">` +
      `<div class="fp-slide">${media}<div class="fp-caption"><p class="fp-feed-price">${escapeHtml(displayPrice(car))}</p>` +
      `<h2 class="fp-feed-title">${escapeHtml(title)}</h2>${sellerLine}</div></div></div></div></section>`,
    true,
  );
}

// The filter panel's fields in BrowseView's order: a select shows its 'any' choice, a text field an empty box.
const FILTER_FIELDS: ReadonlyArray<readonly [label: string, any: string | null]> = [
  ['Make', 'All makes'],
  ['Model', null],
  ['Body type', 'All body types'],
  ['Fuel type', 'All fuel types'],
  ['Transmission', 'All transmissions'],
  ['Seats', 'Any seats'],
  ['Min price', null],
  ['Max price', null],
  ['Min year', null],
  ['Max year', null],
  ['Max mileage (km)', null],
];

function filterField([label, any]: (typeof FILTER_FIELDS)[number]): string {
  return any === null
    ? `<div class="fp-text-field"><span class="fp-text-label">${label}</span><span class="fp-text-box"></span></div>`
    : `<div class="fp-field"><span class="fp-field-label">${label}</span><span class="fp-select">${any}</span></div>`;
}

/** CarCard: poster, price badge, title, key specs, seller and the chat line; the first card's photo is eager. */
function card(car: ShownCar, index: number): string {
  const title = carTitle(car);
  const hero = posterHero(car, CARD_SIZES);
  const isPrivate = car.isPrivateSeller ?? car.sellerType === 'private';
  const seller = sellerNameOf(car);
  const specs = [
    typeof car.mileage === 'number' ? `${formatAmount(car.mileage)} km` : null,
    car.fuelType,
    car.transmission,
  ]
    .filter(Boolean)
    .map((spec) => `<li>${escapeHtml(spec)}</li>`)
    .join('');
  const image = hero
    ? photoHtml(
        hero.photo,
        hero.src,
        hero.sizes,
        'fp-poster',
        `alt="${escapeHtml(title)}" width="640" height="400" ${index === 0 ? 'fetchpriority="high"' : 'loading="lazy"'} decoding="async"`,
      )
    : '';
  return (
    `<article class="fp-card" aria-label="${escapeHtml(title)}"><div class="fp-card-media">${image}` +
    `<span class="fp-price-badge">${escapeHtml(displayPrice(car))}</span></div><div class="fp-card-body">` +
    `<h3 class="fp-card-title">${escapeHtml(title)}</h3><ul class="fp-specs">${specs}</ul><p class="fp-card-seller">` +
    `${isPrivate ? '<span class="fp-private">Private Seller</span>' : ''}${seller ? `<span>${escapeHtml(seller)}</span>` : ''}</p>` +
    `<span class="fp-chat"><span class="fp-icon16"></span>Chat with ${isPrivate ? 'Seller' : 'Dealer'}</span></div></article>`
  );
}

/** BrowseView: hero, the filter panel's frame, the heading with the count, and the first cards. */
function browse(data: unknown): string | null {
  const cars = carsOf(data);
  if (cars.length === 0) return null;
  const { total, totalEstimated } = data as { total?: unknown; totalEstimated?: unknown };
  const count =
    typeof total === 'number'
      ? `<span>${escapeHtml(carsAvailableText(total, totalEstimated === true))}</span>`
      : '';
  const sort = CAR_SORT_OPTIONS.find((option) => option.value === DEFAULT_CAR_SORT)?.label ?? '';
  return frame(
    'browse',
    `<div class="fp-page"><div class="fp-inner"><section class="fp-hero" aria-label="Search"><div class="fp-search">` +
      `<span class="fp-icon22"></span><span class="fp-search-text"><span class="fp-search-prompt">What car are you looking for?</span>` +
      `<span class="fp-search-hint">Make, model, price range...</span></span></div>` +
      `<span class="fp-ai"><span class="fp-icon18"></span>AI-Powered Discovery</span></section>` +
      `<div class="fp-layout"><div class="fp-filters"><div class="fp-filters-head"><h2 class="fp-filters-title">Filters</h2>` +
      `<span class="fp-filters-toggle"><span class="fp-icon18"></span>Filters<span class="fp-icon18"></span></span></div>` +
      `<div class="fp-filter-grid">${FILTER_FIELDS.map(filterField).join('')}</div></div>` +
      `<section class="fp-results"><div class="fp-results-head"><div><h1 class="fp-heading">Premium Car Collection</h1>` +
      `<p class="fp-count">${count}<span class="fp-verified"><span class="fp-icon16"></span>Verified</span></p></div>` +
      `<div class="fp-controls"><div class="fp-field"><span class="fp-field-label">Sort by</span><span class="fp-select">${escapeHtml(sort)}</span></div>` +
      `<div class="fp-toggle"><span class="fp-toggle-on">Grid</span><span>List</span></div></div></div>` +
      `<div class="fp-grid">${cars.slice(0, FIRST_PAINT_CARDS).map(card).join('')}</div></section></div></div></div>`,
  );
}

// ChevronLeftIcon of packages/ui, so the back link looks like the button that replaces it.
const BACK_ICON =
  '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="m15 18-6-6 6-6"/></svg>';

/** CarDetail's key specifications: year, mileage, fuel and gearbox, as chips. */
function keySpecs(car: ShownCar): string {
  const facts = [
    typeof car.year === 'number' ? String(car.year) : null,
    typeof car.mileage === 'number' ? `${groupDigits(car.mileage)} km` : null,
    typeof car.fuelType === 'string' ? car.fuelType : null,
    typeof car.transmission === 'string' ? car.transmission : null,
  ].filter((fact): fact is string => Boolean(fact));
  if (facts.length === 0) return '';
  return `<ul class="fp-key-specs" aria-label="Key specifications">${facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join('')}</ul>`;
}

/**
 * CarDetail: the back link; on a phone the title, price and key specs above the photos (beside them on wide
 * screens); the main photo (the page's largest paint) and thumbnails, and the video's box.
 */
function detail(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const car = data as ShownCar;
  const title = carTitle(car) || 'Car details';
  const media = carPhotos(car);
  const hero = detailHero(car);
  const gallery = hero
    ? `<section class="fp-gallery" aria-label="Photos"><div class="fp-main-image">` +
      photoHtml(
        hero.photo,
        hero.src,
        hero.sizes,
        null,
        `alt="${escapeHtml(`${title}, photo 1 of ${media.length}`)}" fetchpriority="high"`,
      ) +
      `</div>` +
      (media.length > 1
        ? `<ul class="fp-thumbs">${media.map((photo) => `<li>${photoHtml(photo, mediaUrl(photo.src) ?? '', '72px', null, 'alt="" loading="lazy" decoding="async"')}</li>`).join('')}</ul>`
        : '') +
      `</section>`
    : `<div class="fp-main-image" role="img" aria-label="No photos of the ${escapeHtml(title)}"></div>`;
  const video = firstOf(car.videos) ? '<div class="fp-detail-video"></div>' : '';
  return frame(
    'detail',
    `<div class="fp-page"><div class="fp-back"><a class="fp-back-link" href="/browse" aria-label="Back to listings">${BACK_ICON}</a></div>` +
      `<div class="fp-detail"><div class="fp-summary"><h1 class="fp-title">${escapeHtml(title)}</h1>` +
      `<section class="fp-price-panel" aria-label="Price"><p class="fp-detail-price">${escapeHtml(displayPrice(car))}</p></section>` +
      `${keySpecs(car)}</div><div class="fp-column fp-media">${gallery}${video}</div></div></div>`,
  );
}

const BUILDERS: Record<FirstPaintView, (data: unknown) => string | null> = { feed, browse, detail };

/**
 * The markup for #root of a route's first screen from its API answer's data, or null when there is nothing real
 * to show (no cars, an answer of another shape): the page then starts empty, as it did before.
 */
export function firstPaintMarkup(view: FirstPaintView, data: unknown): string | null {
  return BUILDERS[view](data);
}

/** storefront-first-paint.css without comments and runs of white space, for a <style> element in the head. */
export function readFirstPaintCss(): string {
  return readFileSync(new URL('./storefront-first-paint.css', import.meta.url), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .trim();
}
