import { describe, expect, it } from 'vitest';
import { presentCar } from './car.presenter.ts';
import type { CarJoins, CarRow } from './car.repository.ts';

const config = { cdnBaseUrl: undefined };
const at = new Date('2026-01-02T03:04:05.000Z');

function row(overrides: Partial<CarRow> = {}): CarRow {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    sellerId: '22222222-2222-4222-8222-222222222222',
    dealerId: '33333333-3333-4333-8333-333333333333',
    sellerType: 'dealer',
    make: 'Toyota',
    model: 'Hilux',
    year: 2021,
    mileage: 42_000,
    seats: 5,
    fuelType: 'Diesel',
    transmission: 'Manual',
    bodyType: 'Truck',
    color: 'White',
    exteriorColor: 'White',
    interiorColor: 'Black',
    condition: 'Used',
    features: ['Bluetooth'],
    description: 'Strong bakkie',
    price: 450_000,
    priceDropAmount: null,
    priceDroppedAt: null,
    currency: 'SZL',
    countryCode: 'SZ',
    status: 'active',
    images: ['cars/1/a.jpg', 'https://img.example.test/b.jpg'],
    videos: ['cars/1/v.mp4'],
    posterKey: null,
    hiddenAt: null,
    hiddenPendingReview: false,
    videoStatus: 'ready',
    videoStreams: {},
    createdAt: at,
    rankedAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const dealerJoins: CarJoins = {
  seller: {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Owner',
    phone: '+26876000002',
    isPrivateSeller: false,
    isPhoneVerified: true,
  },
  dealer: {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Mbabane Motors',
    location: 'Mbabane',
    phone: '+26876111111',
    rating: 4.5,
    reviewCount: 12,
    isVerified: true,
  },
  country: { currencyCode: 'SZL', currencyName: 'Swazi lilangeni', currencySymbol: 'L' },
  sellerLocation: null,
};

describe('presentCar', () => {
  it('answers a dealer car with ids, absolute media, the product currency symbol and dealer facts', () => {
    const car = presentCar(row(), dealerJoins, config);
    expect(car.id).toBe(car._id);
    expect(car.images).toEqual(['/media/cars/1/a.jpg', 'https://img.example.test/b.jpg']);
    expect(car.videos).toEqual(['/media/cars/1/v.mp4']);
    expect(car.poster).toBe('/media/cars/1/a.jpg');
    expect(car.currency).toEqual({ code: 'SZL', name: 'Swazi lilangeni', symbol: 'E' });
    expect(car.formattedPrice).toBe('E450,000');
    expect(car).toMatchObject({
      countryId: 'SZ',
      dealerName: 'Mbabane Motors',
      sellerName: 'Mbabane Motors',
      seller: { id: '22222222-2222-4222-8222-222222222222', name: 'Mbabane Motors' },
      dealerLocation: 'Mbabane',
      sellerLocation: 'Mbabane',
      dealerPhone: '+26876111111',
      sellerPhone: '+26876111111',
      dealerRating: 4.5,
      dealerReviews: 12,
      isPrivateSeller: false,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('hides videos that are not ready and shows a price of 0 as Contact for price', () => {
    const car = presentCar(
      row({ videoStatus: 'processing', price: 0, posterKey: 'cars/1/p.jpg' }),
      dealerJoins,
      config,
    );
    expect(car.videos).toEqual([]);
    // The seller's cover photo (the first) fronts the car over the video's frame...
    expect(car.poster).toBe('/media/cars/1/a.jpg');
    // ...which shows when the car has no photos.
    expect(presentCar(row({ images: [], posterKey: 'cars/1/p.jpg' }), dealerJoins, config).poster).toBe(
      '/media/cars/1/p.jpg',
    );
    expect(car.formattedPrice).toBe('Contact for price');
  });

  it('marks private listings and falls back to Unknown Seller when the seller is gone', () => {
    const privateCar = presentCar(
      row({ dealerId: null, sellerType: 'private' }),
      {
        seller: {
          id: 'x',
          name: 'Sipho',
          phone: '+26876000004',
          isPrivateSeller: true,
          isPhoneVerified: true,
        },
        dealer: null,
        country: null,
        sellerLocation: 'Manzini',
      },
      { cdnBaseUrl: 'https://cdn.example.test' },
    );
    expect(privateCar).toMatchObject({
      isPrivateSeller: true,
      sellerLabel: 'Private Seller',
      dealerName: 'Private Seller',
      sellerName: 'Sipho',
      sellerLocation: 'Manzini',
      sellerPhone: '+26876000004',
      dealerRating: null,
      sellerBadge: 'phone-verified',
    });
    expect(privateCar.images[0]).toBe('https://cdn.example.test/cars/1/a.jpg');
    const orphan = presentCar(
      row({ dealerId: null, sellerType: 'private' }),
      {
        seller: null,
        dealer: null,
        country: null,
        sellerLocation: null,
      },
      config,
    );
    expect(orphan.sellerName).toBe('Unknown Seller');
    expect(orphan.sellerBadge).toBeNull();
    expect(orphan.seller.name).toBe('Unknown Seller');
  });
});
