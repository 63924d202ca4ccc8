import type { DealerCar } from './dealer-api.ts';

/** '2021 Toyota Hilux': how the dashboard names a car everywhere. */
export const carTitle = (car: Pick<DealerCar, 'year' | 'make' | 'model'>) =>
  `${car.year} ${car.make} ${car.model}`;
