/** Cars as the API lists them, for the discover tests. */
export function listedCar(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `car-${n}`,
    _id: `car-${n}`,
    make: 'Tesla',
    model: `Model ${n}`,
    year: 2023,
    mileage: 10000 * n,
    fuelType: 'Electric',
    transmission: 'Automatic',
    bodyType: 'SUV',
    condition: 'Used',
    price: 800000,
    images: [],
    videos: [],
    dealerId: 'dealer-1',
    dealerName: 'Mbabane Motors',
    sellerType: 'dealer',
    ...overrides,
  };
}

export const match = (
  n: number,
  overrides: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  car: listedCar(n, overrides),
  matchScore: 85,
  matchRank: n,
  reasons: ['Electric as requested', 'SUV as requested', 'Under E900,000'],
  ...extra,
});
