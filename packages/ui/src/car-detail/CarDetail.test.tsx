import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Host } from '../platform/host.ts';
import {
  memoryHost,
  fail,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { resetNavigation, useNavigation } from '../state/navigation.ts';
import { CarDetail } from './CarDetail.tsx';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
  resetNavigation();
  api.on(
    'POST /ai/pricing-insights',
    ok({ marketPrice: null, insights: [], comparison: [], marketPosition: null, comparables: 0 }),
  );
  api.on('POST /cars/c1/share', ok({ shares: 1 }));
});
afterEach(() => cleanup());

const hilux = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  make: 'Toyota',
  model: 'Hilux',
  year: 2021,
  mileage: 45000,
  fuelType: 'Diesel',
  transmission: 'Manual',
  bodyType: 'Truck',
  seats: 5,
  exteriorColor: 'White',
  interiorColor: 'Grey',
  condition: 'Used',
  features: ['Tow bar', 'Bluetooth'],
  description: 'One owner, full service history.',
  images: ['http://127.0.0.1/img1.jpg', 'http://127.0.0.1/img2.jpg'],
  poster: 'http://127.0.0.1/poster.jpg',
  videos: [],
  price: 450000,
  formattedPrice: null,
  dealerId: 'd1',
  dealerName: 'Mbabane Motors',
  dealerPhone: '+268 7600 0001',
  dealerLocation: 'Mbabane',
  dealerRating: 4.5,
  sellerName: null,
  sellerPhone: null,
  isPrivateSeller: false,
  ...overrides,
});

function renderDetail(hostOverrides: Partial<Host> = {}) {
  const { host } = memoryHost();
  const merged: Host = { ...host, ...hostOverrides };
  const user = userEvent.setup();
  render(
    <TestProviders host={merged} baseUrl={api.baseUrl}>
      <CarDetail carId="c1" />
    </TestProviders>,
  );
  return { user, host: merged };
}

describe('CarDetail', () => {
  it('shows the title, specs, price, features and dealer', async () => {
    api.on('GET /cars/c1', ok(hilux()));
    renderDetail();
    expect(await screen.findByRole('heading', { name: '2021 Toyota Hilux' })).toBeTruthy();
    const keySpecs = within(screen.getByRole('list', { name: 'Key specifications' }));
    expect(keySpecs.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '2021',
      '45,000 km',
      'Diesel',
      'Manual',
    ]);
    const specs = within(screen.getByRole('table'));
    expect(specs.getByText('45,000 km')).toBeTruthy();
    expect(specs.getByText('Diesel')).toBeTruthy();
    expect(specs.getByText('Manual')).toBeTruthy();
    // The stored body type reads as this market says it, and the seats are a row of their own.
    expect(specs.getByRole('row', { name: 'Body Bakkie / Pickup' })).toBeTruthy();
    expect(specs.getByRole('row', { name: 'Seats 5' })).toBeTruthy();
    expect(screen.getByText('White, Grey interior')).toBeTruthy();
    expect(screen.getByText('E450,000')).toBeTruthy();
    expect(screen.getByText('Tow bar')).toBeTruthy();
    expect(screen.getByText('Mbabane Motors')).toBeTruthy();
    expect(screen.getByAltText('2021 Toyota Hilux, photo 1 of 3')).toBeTruthy();
    expect(screen.queryByText('Private Seller')).toBeNull();
  });

  it("reads 'Contact for price' when the price is 0 and marks private sellers with the owner's name", async () => {
    // As the API presents a private listing: dealerName carries only the 'Private Seller' label.
    api.on(
      'GET /cars/c1',
      ok(
        hilux({
          price: 0,
          isPrivateSeller: true,
          sellerType: 'private',
          dealerId: null,
          dealerName: 'Private Seller',
          sellerName: 'Nomsa Dube',
        }),
      ),
    );
    renderDetail();
    expect(await screen.findByText('Contact for price')).toBeTruthy();
    expect(screen.getAllByText('Private Seller')).toHaveLength(1);
    expect(screen.getByText('Nomsa Dube')).toBeTruthy();
  });

  it('shows the pricing insight when the market position is known', async () => {
    api.on('GET /cars/c1', ok(hilux()));
    api.on(
      'POST /ai/pricing-insights',
      ok({
        marketPrice: 500000,
        insights: ['Priced below similar cars'],
        comparison: [],
        marketPosition: 'below',
        comparables: 4,
      }),
    );
    renderDetail();
    expect(await screen.findByText('Below market')).toBeTruthy();
    expect(screen.getByText(/Priced below similar cars/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/ai/pricing-insights')?.body).toEqual({ carId: 'c1' });
  });

  it('shows no insight when the market position is null or the call fails', async () => {
    api.on('GET /cars/c1', ok(hilux()));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on('POST /ai/pricing-insights', fail(500, 'AI down'));
    renderDetail();
    expect(await screen.findByText('E450,000')).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/ai/pricing-insights')).toBe(true));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByTestId('pricing-insight')).toBeNull();
    warn.mockRestore();
  });

  it('shows every photo with thumbnails and opens the full-screen viewer from the keyboard', async () => {
    api.on('GET /cars/c1', ok(hilux()));
    const { user } = renderDetail();
    const counter = await screen.findByTestId('gallery-counter');
    expect(counter.textContent).toBe('1 / 3');
    await user.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(counter.textContent).toBe('3 / 3');
    screen.getByRole('button', { name: 'View photo 3 of 3 full screen' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Photos of the 2021 Toyota Hilux' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('http://127.0.0.1/img2.jpg');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('http://127.0.0.1/img1.jpg');
    await user.keyboard('{ArrowLeft}');
    expect(dialog.querySelector('img')?.getAttribute('alt')).toBe('2021 Toyota Hilux, photo 1 of 3');
    // The first photo is the first: another step back stays there.
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByTestId('viewer-counter').textContent).toBe('1 / 3');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(counter.textContent).toBe('1 / 3');
  });

  it('offers Message, Call and WhatsApp in one bar; Call and WhatsApp are links that need no account', async () => {
    api.on('GET /cars/c1', ok(hilux()));
    renderDetail();
    const bar = await screen.findByRole('group', { name: 'Contact the seller' });
    expect(within(bar).getByRole('button', { name: 'Message' })).toBeTruthy();
    const call = within(bar).getByRole('link', { name: 'Call' });
    expect(call.getAttribute('href')).toBe('tel:+26876000001');
    const whatsapp = within(bar).getByRole('link', { name: 'WhatsApp' });
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/26876000001?text=${encodeURIComponent("Hi, I'm interested in the 2021 Toyota Hilux")}`,
    );
  });

  it("shows the seller's badge and 'Usually replies within an hour' when the seller has a reply time", async () => {
    api.on(
      'GET /cars/c1',
      ok(hilux({ sellerBadge: 'verified-dealer', replyTime: { medianMinutes: 45, sample: 6 } })),
    );
    renderDetail();
    expect((await screen.findByTestId('reply-time')).textContent).toBe('Usually replies within an hour');
    expect(screen.getByText('Verified Dealer')).toBeTruthy();
  });

  it('shows no reply time under 3 conversations, and Phone Verified for a private seller who is', async () => {
    api.on(
      'GET /cars/c1',
      ok(
        hilux({
          isPrivateSeller: true,
          sellerType: 'private',
          dealerId: null,
          dealerName: 'Private Seller',
          sellerName: 'Nomsa Dube',
          sellerBadge: 'phone-verified',
          replyTime: null,
        }),
      ),
    );
    renderDetail();
    expect(await screen.findByText('Phone Verified')).toBeTruthy();
    expect(screen.queryByTestId('reply-time')).toBeNull();
    expect(screen.queryByText('Verified Dealer')).toBeNull();
  });

  it("'Visit dealer store' opens the dealer's public profile over the page, not the dashboard", async () => {
    api.on('GET /cars/c1', ok(hilux()));
    api.on(
      'GET /dealers/d1',
      ok({
        id: 'd1',
        name: 'Mbabane Motors',
        location: 'Mbabane',
        rating: 4.5,
        reviewCount: 3,
        activeCars: 7,
        replyTime: { medianMinutes: 200, sample: 4 },
      }),
    );
    api.on(
      'GET /dealers/d1/cars',
      ok({ cars: [{ id: 'c9', make: 'BMW', model: 'X3', year: 2019, price: 380000, status: 'active' }] }),
    );
    api.on('GET /dealers/d1/reviews', ok({ reviews: [], page: 1, limit: 10, total: 0 }));
    useNavigation.setState({ view: 'detail', carId: 'c1' });
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Visit dealer store' }));
    const store = await screen.findByRole('dialog', { name: 'Mbabane Motors' });
    expect(await within(store).findByText('2019 BMW X3')).toBeTruthy();
    expect(within(store).getByRole('button', { name: 'Message' })).toBeTruthy();
    expect(within(store).getByTestId('reply-time').textContent).toBe('Usually replies within a few hours');
    expect(await within(store).findByText('No reviews yet.')).toBeTruthy();
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'c1' });
    expect(api.calls.some((c) => c.path === '/dealers/d1')).toBe(true);
  });

  it("offers a private seller no store, and calls the seller's own phone", async () => {
    api.on(
      'GET /cars/c1',
      ok(
        hilux({
          dealerPhone: null,
          sellerPhone: '+26879990000',
          dealerId: null,
          isPrivateSeller: true,
          sellerType: 'private',
          sellerName: 'Nomsa Dube',
        }),
      ),
    );
    renderDetail();
    expect((await screen.findByRole('link', { name: 'Call' })).getAttribute('href')).toBe('tel:+26879990000');
    expect(screen.queryByRole('button', { name: 'Visit dealer store' })).toBeNull();
  });

  it('copies the link and says so when the device cannot share, and counts the share', async () => {
    api.on('GET /cars/c1', ok(hilux()));
    const copy = vi.fn(() => Promise.resolve());
    const openExternal = vi.fn();
    const { user } = renderDetail({
      share: () => Promise.resolve(false),
      copyToClipboard: copy,
      openExternal,
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeTruthy();
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/cars/c1`);
    expect(openExternal).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/cars/c1/share')).toBe(true),
    );
  });

  it('opens a WhatsApp share link when the clipboard refuses', async () => {
    api.on('GET /cars/c1', ok(hilux()));
    const openExternal = vi.fn();
    const { user } = renderDetail({
      copyToClipboard: () => Promise.reject(new Error('denied')),
      openExternal,
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(openExternal).toHaveBeenCalledTimes(1));
    expect(String(openExternal.mock.calls[0]?.[0])).toMatch(/^https:\/\/wa\.me\/\?text=/);
  });

  it('says the car is no longer available on 404, with a way back', async () => {
    api.on('GET /cars/c1', fail(404, 'Car not found'));
    const { user } = renderDetail();
    expect(await screen.findByRole('heading', { name: 'This car is no longer available' })).toBeTruthy();
    useNavigation.setState({ view: 'detail', carId: 'c1' });
    await user.click(screen.getByRole('button', { name: 'Back to listings' }));
    expect(useNavigation.getState().view).toBe('browse');
  });

  it('offers a retry after a server error', async () => {
    let calls = 0;
    api.on('GET /cars/c1', () => (++calls <= 2 ? fail(500, 'Server exploded') : ok(hilux())));
    const { user } = renderDetail();
    expect(await screen.findByText('Server exploded', {}, { timeout: 4000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '2021 Toyota Hilux' })).toBeTruthy();
  });
});
