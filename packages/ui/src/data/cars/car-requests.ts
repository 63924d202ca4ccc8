import type { ApiClient } from '@autoreel/api-client';
import type { RouteAnswer, RouteBody, WizardCarPayload } from '@autoreel/core';

// The writes on one car, shared by the listing wizard, the dealer's inventory and a seller's own cars.

/** POST /cars with the wizard's fields (the API checks each choice against its catalogue); answers the stored car. */
export function createCar(
  client: ApiClient,
  body: WizardCarPayload,
  signal?: AbortSignal,
): Promise<RouteAnswer<'POST /cars'>> {
  return client.post<RouteAnswer<'POST /cars'>>('/cars', body, signal ? { signal } : {});
}

/** PUT /cars/{id}: answers the car as stored afterwards. */
export function updateCar(client: ApiClient, carId: string, body: RouteBody<'PUT', '/cars/:id'>) {
  return client.put('/cars/:id', body, { params: { id: carId } });
}

export function deleteCar(client: ApiClient, carId: string) {
  return client.delete('/cars/:id', undefined, { params: { id: carId } });
}
