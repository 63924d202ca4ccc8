import { describe, expect, it } from 'vitest';
import {
  carPhotos,
  carsAvailableText,
  resolveAssetUrl,
  sellerLocationOf,
  sellerNameOf,
} from './listing-display.ts';

describe('listing display', () => {
  it('names the dealership, else the private seller by their own name', () => {
    expect(sellerNameOf({ dealerName: 'Mbabane Motors', sellerName: 'Sipho' })).toBe('Mbabane Motors');
    expect(sellerNameOf({ isPrivateSeller: true, dealerName: 'Private Seller', sellerName: 'Sipho' })).toBe(
      'Sipho',
    );
    expect(sellerNameOf({ sellerType: 'private', seller: { name: 'Lindiwe' } })).toBe('Lindiwe');
    expect(sellerLocationOf({ sellerLocation: 'Manzini' })).toBe('Manzini');
  });

  it('resolves media paths against the base, leaving absolute URLs alone', () => {
    expect(resolveAssetUrl('', 'media/a.jpg')).toBe('/media/a.jpg');
    expect(resolveAssetUrl('http://api.test/', '/media/a.jpg')).toBe('http://api.test/media/a.jpg');
    expect(resolveAssetUrl('', 'https://cdn.test/a.jpg')).toBe('https://cdn.test/a.jpg');
    expect(resolveAssetUrl('', null)).toBeUndefined();
  });

  it('counts the cars available', () => {
    expect(carsAvailableText(1)).toBe('1 car available');
    expect(carsAvailableText(485)).toBe('485 cars available');
    expect(carsAvailableText(485, false)).toBe('485 cars available');
    expect(carsAvailableText(8300, true)).toBe('about 8,300 cars available');
  });
});

describe('carPhotos', () => {
  it('puts the poster first and shows each photo once, photos where the answer has them', () => {
    const photo = { src: '/media/a.jpg', srcset: '/media/a.jpg 640w' };
    expect(
      carPhotos({
        poster: '/media/a.jpg',
        posterPhoto: photo,
        images: ['/media/a.jpg', '/media/b.jpg'],
        photos: [photo, { src: '/media/b.jpg' }],
      }),
    ).toEqual([photo, { src: '/media/b.jpg' }]);
    expect(carPhotos({ poster: '/media/p.jpg', images: ['/media/b.jpg'] })).toEqual([
      { src: '/media/p.jpg' },
      { src: '/media/b.jpg' },
    ]);
    expect(carPhotos({})).toEqual([]);
  });
});
