import sharp from 'sharp';
import { expect, type APIRequestContext } from '@playwright/test';
import { dealerToken } from './dealer-flow.ts';

/** Three plainly different photos (red, green, blue), made on the spot so no spec carries a binary. */
const COLOURS = [
  { r: 200, g: 40, b: 40 },
  { r: 40, g: 160, b: 60 },
  { r: 40, g: 70, b: 200 },
];

export interface PhotoCar {
  id: string;
  title: string;
}

/**
 * A car of the demo dealer with several photos, made the way the wizard makes one: the listing first, then each
 * photo uploaded into the car's folder, then the photos set on the car.
 */
export async function carWithPhotos(request: APIRequestContext, count = 3): Promise<PhotoCar> {
  const token = await dealerToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const model = `Fortuner ${Date.now().toString(36)}`;
  const created = await request.post('/api/cars', {
    headers,
    data: {
      make: 'Toyota',
      model,
      year: 2022,
      price: 520000,
      mileage: 38000,
      fuelType: 'Diesel',
      transmission: 'Automatic',
      bodyType: 'SUV',
      exteriorColor: 'White',
      interiorColor: 'Black',
      description: 'One owner, full service history, seven seats.',
      features: ['Tow Bar'],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const keys: string[] = [];
  for (const colour of COLOURS.slice(0, count)) {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const res = await request.post('/api/media/upload', {
      headers,
      multipart: {
        folder: `cars/${id}`,
        file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo },
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    keys.push(((await res.json()) as { data: { key: string } }).data.key);
  }
  const updated = await request.put(`/api/cars/${id}`, { headers, data: { images: keys } });
  expect(updated.ok(), await updated.text()).toBe(true);
  return { id, title: `2022 Toyota ${model}` };
}

/**
 * Takes away every car carWithPhotos made (an interrupted run's too): they have no video, and the feed's specs
 * expect its newest cars to play one.
 */
export async function removePhotoCars(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await dealerToken(request)}` };
  const res = await request.get('/api/cars?search=Fortuner&limit=100');
  expect(res.ok()).toBe(true);
  const { cars } = ((await res.json()) as { data: { cars: { id: string; model: string }[] } }).data;
  for (const car of cars.filter((c) => /^Fortuner [a-z0-9]+$/.test(c.model))) {
    const gone = await request.delete(`/api/cars/${car.id}`, { headers });
    expect(gone.ok(), await gone.text()).toBe(true);
  }
}
