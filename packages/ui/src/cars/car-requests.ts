import type { ApiClient } from '@autoreel/api-client';
// The route's body schema itself, not through apiContract: the map names every route's schemas, which would all
// come along into the bundle that imports it.
import { CarCreateBodySchema, type RouteAnswer, type RouteBody, type WizardCarPayload } from '@autoreel/core';
import { checkedBody } from '../platform/checked-body.ts';

// The writes on one car, shared by the listing wizard, the dealer's inventory and a seller's own cars.

/**
 * POST /cars with the wizard's fields, answering the stored car. The wizard holds its choices as plain text, so the
 * body is checked against the contract's schema here: a choice outside its catalogue fails with the field's message
 * as the API would give it, and never leaves the device.
 */
export async function createCar(
  client: ApiClient,
  body: WizardCarPayload,
  signal?: AbortSignal,
): Promise<RouteAnswer<'POST /cars'>> {
  const checked = checkedBody(CarCreateBodySchema, body);
  return client.post('/cars', checked, signal ? { signal } : {});
}

/** PUT /cars/{id}: answers the car as stored afterwards. */
export function updateCar(client: ApiClient, carId: string, body: RouteBody<'PUT', '/cars/:id'>) {
  return client.put('/cars/:id', body, { params: { id: carId } });
}

export function deleteCar(client: ApiClient, carId: string) {
  return client.delete('/cars/:id', undefined, { params: { id: carId } });
}
