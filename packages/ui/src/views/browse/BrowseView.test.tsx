import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetNavigation, useNavigation } from '../../state/navigation.ts';
import { bindHistory } from '../../state/url.ts';
import { normaliseUser, useSession } from '../../state/session.ts';
import {
  demoUser,
  fail,
  memoryHost,
  ok,
  startTestApi,
  type RecordedCall,
  type TestApiServer,
} from '../../testing/api-server.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import { BrowseView } from './BrowseView.tsx';
import { useBrowseState } from './useBrowseState.ts';
import { POSTER_HEIGHT, POSTER_WIDTH } from '../../cars/CarCard.tsx';

function car(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `car-${n}`,
    _id: `car-${n}`,
    make: 'BMW',
    model: `X${n}`,
    year: 2020 + (n % 5),
    mileage: 12000 * n,
    fuelType: 'Petrol',
    transmission: 'Automatic',
    bodyType: 'SUV',
    formattedPrice: `E ${n}00,000`,
    price: n * 100000,
    poster: `https://cdn.example.test/posters/${n}.jpg`,
    images: [],
    videos: [],
    dealerName: 'Mbabane Motors',
    sellerName: null,
    sellerType: 'dealer',
    isPrivateSeller: false,
    ...overrides,
  };
}

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetNavigation();
  useBrowseState.getState().reset();
  api.calls.length = 0;
});
afterEach(() => cleanup());

const carCalls = (): RecordedCall[] => api.calls.filter((c) => c.method === 'GET' && c.path === '/cars');

function renderBrowse() {
  const { host } = memoryHost();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <BrowseView />
    </TestProviders>,
  );
  return userEvent.setup();
}

describe('BrowseView', () => {
  it("opens the collection header's verified mark as a note of what is checked and what is not", async () => {
    api.on('GET /cars', ok({ cars: [car(1)], total: 1, nextCursor: null }));
    const user = renderBrowse();
    await user.click(await screen.findByRole('button', { name: 'Verified: what is checked' }));
    const note = await screen.findByRole('dialog', { name: 'What Verified means' });
    expect(within(note).getByRole('heading', { name: 'What we check' })).toBeTruthy();
    expect(within(note).getByText(/an AutoReel admin reviewed the dealership/)).toBeTruthy();
    expect(within(note).getByText(/phone number answered a code/)).toBeTruthy();
    expect(within(note).getByRole('heading', { name: 'What we do not check' })).toBeTruthy();
    expect(within(note).getByText('Its papers, ownership, finance or history')).toBeTruthy();
    expect(within(note).getByText('Never pay before you have seen the car and its papers.')).toBeTruthy();
  });

  it("shows 'Loading cars...', then the count heading and the cards", async () => {
    api.on(
      'GET /cars',
      ok({
        cars: [car(1), car(2, { isPrivateSeller: true, sellerType: 'private', sellerName: 'Sipho' })],
        total: 27,
        nextCursor: null,
      }),
    );
    renderBrowse();
    expect(screen.getByText('Loading cars...')).toBeTruthy();
    expect(await screen.findByText('27 cars available')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Premium Car Collection' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verified: what is checked' })).toBeTruthy();

    const first = screen.getByRole('article', { name: '2021 BMW X1' });
    expect(within(first).getByText('E 100,000')).toBeTruthy();
    expect(within(first).getByText('12,000 km')).toBeTruthy();
    expect(within(first).getByText('Mbabane Motors')).toBeTruthy();
    const img = within(first).getByRole('img', { name: '2021 BMW X1' });
    expect(img.getAttribute('src')).toBe('https://cdn.example.test/posters/1.jpg');
    expect(img.getAttribute('width')).toBe(String(POSTER_WIDTH));
    expect(img.getAttribute('height')).toBe(String(POSTER_HEIGHT));
    expect(within(first).queryByText('Private Seller')).toBeNull();

    const second = screen.getByRole('article', { name: '2022 BMW X2' });
    expect(within(second).getByText('Private Seller')).toBeTruthy();
    expect(within(second).getByText('Sipho')).toBeTruthy();

    expect(carCalls()[0]?.query).toEqual({ sort: 'newest', limit: '12' });
  });

  it('sends filters as query parameters and leaves out empty and 0 values', async () => {
    api.on('GET /cars', ok({ cars: [car(1)], total: 1, nextCursor: null }));
    const user = renderBrowse();
    await screen.findByText('1 car available');

    await user.selectOptions(screen.getByLabelText('Make'), 'Tesla');
    await user.selectOptions(screen.getByLabelText('Fuel type'), 'Electric');
    await user.type(screen.getByLabelText('Max price'), '500000');
    await user.type(screen.getByLabelText('Min year'), '0');
    // A pickup reads as this market says it; its value stays the API's. A choice applies alone at once; the
    // number being typed follows when it settles.
    await user.selectOptions(screen.getByLabelText('Body type'), 'Bakkie / Pickup');
    await user.selectOptions(screen.getByLabelText('Seats'), '7+ seats');

    await waitFor(() =>
      expect(carCalls().at(-1)?.query).toEqual({
        make: 'Tesla',
        fuelType: 'Electric',
        bodyType: 'Truck',
        minSeats: '7',
        maxPrice: '500000',
        sort: 'newest',
        limit: '12',
      }),
    );

    // Typing settles before the list reloads: one request for the whole number, not one per digit.
    expect(carCalls().filter((c) => c.query.maxPrice !== undefined)).toHaveLength(1);

    await user.clear(screen.getByLabelText('Max price'));
    // The list without it was read a moment ago (before the number settled), so it shows from the cache.
    await waitFor(() =>
      expect(useNavigation.getState().browseQuery).toBe(
        'make=Tesla&bodyType=Truck&fuelType=Electric&minSeats=7',
      ),
    );
  });

  it('holds the list while a minimum is above its maximum and says why', async () => {
    api.on('GET /cars', ok({ cars: [car(1)], total: 1, nextCursor: null }));
    const user = renderBrowse();
    await screen.findByText('1 car available');
    await user.type(screen.getByLabelText('Min year'), '2024');
    await user.type(screen.getByLabelText('Max year'), '2020');
    expect((await screen.findByRole('alert')).textContent).toBe('Minimum year is after the maximum year');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(carCalls().some((c) => c.query.maxYear === '2020')).toBe(false);
    await user.clear(screen.getByLabelText('Max year'));
    await user.type(screen.getByLabelText('Max year'), '2025');
    await waitFor(() => expect(carCalls().at(-1)?.query).toMatchObject({ minYear: '2024', maxYear: '2025' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reloads when the sort changes', async () => {
    api.on('GET /cars', (call) =>
      ok({ cars: [car(call.query.sort === 'price-high' ? 9 : 1)], total: 1, nextCursor: null }),
    );
    const user = renderBrowse();
    await screen.findByRole('article', { name: '2021 BMW X1' });
    const sort = screen.getByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['newest', 'price-low', 'price-high', 'mileage', 'recently-reduced']);
    await user.selectOptions(sort, 'price-high');
    await screen.findByRole('article', { name: '2024 BMW X9' });
    expect(carCalls().at(-1)?.query.sort).toBe('price-high');
  });

  it('appends the next page with the cursor on Load More', async () => {
    api.on('GET /cars', (call) =>
      call.query.cursor === 'c2'
        ? ok({ cars: [car(3)], total: 3, nextCursor: null })
        : ok({ cars: [car(1), car(2)], total: 3, nextCursor: 'c2' }),
    );
    const user = renderBrowse();
    await screen.findByRole('article', { name: '2021 BMW X1' });
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByRole('article', { name: '2023 BMW X3' });
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(carCalls().at(-1)?.query.cursor).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('shows the empty state and clears the filters from it', async () => {
    api.on('GET /cars', ok({ cars: [], total: 0, nextCursor: null }));
    const user = renderBrowse();
    expect(await screen.findByRole('heading', { name: 'No cars available yet' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Make'), 'Audi');
    await screen.findByRole('heading', { name: 'No cars match your filters' });
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await screen.findByRole('heading', { name: 'No cars available yet' });
    expect(screen.getByLabelText<HTMLSelectElement>('Make').value).toBe('');
    // The unfiltered list is still fresh in the cache, so clearing shows it again without a new request.
    expect(carCalls().map((c) => c.query.make)).toEqual([undefined, 'Audi']);
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it("shows 'Failed to fetch cars' and retries", async () => {
    let attempts = 0;
    api.on('GET /cars', () => {
      attempts += 1;
      return attempts <= 2 ? fail(500, 'Server error') : ok({ cars: [car(1)], total: 1, nextCursor: null });
    });
    const user = renderBrowse();
    expect(
      await screen.findByRole('heading', { name: 'Failed to fetch cars' }, { timeout: 5000 }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: '2021 BMW X1' })).toBeTruthy();
  });

  it('sends the search entry and the AI-Powered Discovery button to discover', async () => {
    api.on('GET /cars', ok({ cars: [], total: 0, nextCursor: null }));
    const user = renderBrowse();
    // Let the list answer first, so that no request is still open when the test ends.
    await screen.findByRole('heading', { name: 'No cars available yet' });
    await user.click(screen.getByRole('button', { name: /What car are you looking for\?/ }));
    expect(useNavigation.getState().view).toBe('discover');
    resetNavigation();
    await user.click(screen.getByRole('button', { name: 'AI-Powered Discovery' }));
    expect(useNavigation.getState().view).toBe('discover');
  });

  it('opens the detail view from a card title and switches to the list layout', async () => {
    api.on('GET /cars', ok({ cars: [car(1)], total: 1, nextCursor: null }));
    const user = renderBrowse();
    await screen.findByRole('article', { name: '2021 BMW X1' });
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '2021 BMW X1' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'car-1' });
  });
});

describe('BrowseView: filters and sort in the address', () => {
  let unbind: () => void = () => undefined;
  afterEach(() => unbind());
  const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLSelectElement>(label);
  const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  /** Opens an address as a browser would: the app reads it once at start. */
  function open(address: string) {
    window.history.replaceState(null, '', address);
    unbind = bindHistory(window);
    return renderBrowse();
  }

  it('writes each applied change to the address as one history entry; typing is not one per keystroke', async () => {
    api.on('GET /cars', ok({ cars: [car(1)], total: 1, nextCursor: null }));
    const user = open('/browse');
    await screen.findByText('1 car available');
    const before = window.history.length;

    await user.selectOptions(field('Make'), 'Toyota');
    expect(window.location.pathname + window.location.search).toBe('/browse?make=Toyota');
    await user.type(field('Max price'), '300000');
    await waitFor(() => expect(window.location.search).toBe('?make=Toyota&maxPrice=300000'));
    await user.selectOptions(field('Sort by'), 'price-low');
    expect(window.location.search).toBe('?make=Toyota&maxPrice=300000&sort=price-low');
    // Three changes, three entries: the six digits typed made one.
    expect(window.history.length).toBe(before + 3);
    await waitFor(() =>
      expect(carCalls().at(-1)?.query).toEqual({
        make: 'Toyota',
        maxPrice: '300000',
        sort: 'price-low',
        limit: '12',
      }),
    );

    // Typing on in the same field rewrites its entry.
    await user.type(field('Max price'), '0');
    await waitFor(() => expect(window.location.search).toBe('?make=Toyota&maxPrice=3000000&sort=price-low'));
    await user.type(field('Max price'), '{Backspace}');
    await waitFor(() => expect(window.location.search).toBe('?make=Toyota&maxPrice=300000&sort=price-low'));
    expect(window.history.length).toBe(before + 4);
  });

  it('opens a shared address with its filters and sort applied', async () => {
    api.on('GET /cars', ok({ cars: [car(1, { make: 'Toyota' })], total: 1, nextCursor: null }));
    open('/browse?make=Toyota&maxPrice=300000&sort=price-low');
    expect(await screen.findByText('1 car available')).toBeTruthy();
    expect(field('Make').value).toBe('Toyota');
    expect(field('Max price').value).toBe('300000');
    expect(field('Sort by').value).toBe('price-low');
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    // The list was asked with the address's query only: never every car first.
    expect(carCalls().map((c) => c.query)).toEqual([
      { make: 'Toyota', maxPrice: '300000', sort: 'price-low', limit: '12' },
    ]);
  });

  it('back and forward bring the earlier filters back', async () => {
    api.on('GET /cars', (call) =>
      ok({ cars: [car(1, { make: call.query.make ?? 'BMW' })], total: 1, nextCursor: null }),
    );
    const user = open('/browse');
    await screen.findByText('1 car available');
    await user.selectOptions(field('Make'), 'Toyota');
    await user.type(field('Max price'), '300000');
    await waitFor(() => expect(window.location.search).toBe('?make=Toyota&maxPrice=300000'));
    await user.selectOptions(field('Make'), 'Honda');
    expect(window.location.search).toBe('?make=Honda&maxPrice=300000');

    let back = popped();
    window.history.back();
    await back;
    expect(field('Make').value).toBe('Toyota');
    expect(field('Max price').value).toBe('300000');
    // The list is Toyota's again: from the cache when its page came before Honda was picked (a loaded machine),
    // else fetched now. Either way it was asked for once with both filters, and Honda's card is gone.
    expect(await screen.findByRole('article', { name: '2021 Toyota X1' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: '2021 Honda X1' })).toBeNull());
    expect(carCalls().some((c) => c.query.make === 'Toyota' && c.query.maxPrice === '300000')).toBe(true);

    back = popped();
    window.history.back();
    await back;
    expect(field('Make').value).toBe('Toyota');
    expect(field('Max price').value).toBe('');

    back = popped();
    window.history.back();
    await back;
    expect(field('Make').value).toBe('');
    expect(window.location.search).toBe('');

    const forward = popped();
    window.history.forward();
    await forward;
    expect(field('Make').value).toBe('Toyota');
    // Settling the restored filters writes nothing: the address stays where back and forward put it.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(window.location.search).toBe('?make=Toyota');
  });
});

describe('BrowseView likes and chat', () => {
  afterEach(() => useSession.setState({ status: 'anonymous', user: null }));

  it('asks the like status of each page for a signed-in buyer and shows it', async () => {
    api.on('GET /cars', ok({ cars: [car(1), car(2)], total: 2, nextCursor: null }));
    api.on(
      'POST /cars/likes/batch-status',
      ok({ 'car-1': { isLiked: true, totalLikes: 7 }, 'car-2': { isLiked: false, totalLikes: 0 } }),
    );
    useSession.setState({ status: 'authenticated', user: normaliseUser(demoUser()) });
    const { host } = memoryHost({ tokens: { accessToken: 'at', refreshToken: 'rt' } });
    render(
      <TestProviders host={host} baseUrl={api.baseUrl}>
        <BrowseView />
      </TestProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Unlike 2021 BMW X1, 7 likes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like 2022 BMW X2, 0 likes' })).toBeTruthy();
    const batch = api.calls.filter((c) => c.path === '/cars/likes/batch-status');
    expect(batch).toHaveLength(1);
    expect(batch[0]?.body).toEqual({ carIds: ['car-1', 'car-2'] });
    expect(screen.getAllByRole('button', { name: 'Message dealer' })).toHaveLength(2);
  });

  it('asks nothing about likes when logged out, and a like or chat tap shows login', async () => {
    useSession.setState({ status: 'anonymous', user: null });
    api.on('GET /cars', ok({ cars: [car(1)], total: 1, nextCursor: null }));
    const user = renderBrowse();
    await user.click(await screen.findByRole('button', { name: 'Like 2021 BMW X1, 0 likes' }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    useNavigation.getState().hideLogin();
    await user.click(screen.getByRole('button', { name: 'Message dealer' }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    expect(api.calls.some((c) => c.path.includes('like'))).toBe(false);
  });
});
