import type { ApiClient } from '@autoreel/api-client';
import type { CarUpdateBody, DealerCar, WizardCarPayload } from '@autoreel/core';

/** The writes on one car, shared by the listing wizard, the dealer's inventory and a seller's own cars. */
const carPath = (carId: string) => `/cars/${encodeURIComponent(carId)}`;

/** POST /cars with the wizard's fields (the API checks each choice against its catalogue); answers the stored car. */
export function createCar(
  client: ApiClient,
  body: WizardCarPayload,
  signal?: AbortSignal,
): Promise<DealerCar> {
  return client.post<DealerCar>('/cars', body, signal ? { signal } : {});
}

/** PUT /cars/{id}: answers the car as stored afterwards. */
export function updateCar(client: ApiClient, carId: string, body: CarUpdateBody): Promise<DealerCar> {
  return client.put<DealerCar>(carPath(carId), body);
}

export function deleteCar(client: ApiClient, carId: string): Promise<{ id: string; deleted: boolean }> {
  return client.delete<{ id: string; deleted: boolean }>(carPath(carId));
}
