import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { CarRepository } from './car.repository.ts';
import { CountryRepository } from '../accounts/country.repository.ts';
import { DealerRepository } from '../dealers/dealer.repository.ts';
import { CarService, type PreferPreparedVideos, type RemoveMediaFiles } from './car.service.ts';
import type { AuthUser } from '../accounts/access-token.service.ts';
import { DealerService } from '../dealers/dealer.service.ts';

export interface CarServices {
  carRepository: CarRepository;
  cars: CarService;
  dealers: DealerService;
}

/**
 * Cars and dealers, built together because dealers list cars. `removeMediaFiles` is the storage adapter's delete;
 * without it a deleted car's media rows go but its files stay.
 */
export function createCarServices(
  db: Database,
  config: Config,
  now: () => Date,
  removeMediaFiles?: RemoveMediaFiles,
  preferPreparedVideos?: PreferPreparedVideos,
  onCarsChanged?: () => void,
  takeListingSlot?: (user: AuthUser) => Promise<void>,
): CarServices {
  const carRepository = new CarRepository(db);
  const dealerRepository = new DealerRepository(db);
  const cars = new CarService({
    cars: carRepository,
    dealers: dealerRepository,
    config,
    now,
    removeMediaFiles,
    preferPreparedVideos,
    onCarsChanged,
    countries: new CountryRepository(db),
    takeListingSlot,
  });
  return { carRepository, cars, dealers: new DealerService({ dealers: dealerRepository, cars, now }) };
}
