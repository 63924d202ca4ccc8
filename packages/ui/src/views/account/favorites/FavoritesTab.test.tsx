import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNavigation } from '../../../state/navigation.ts';
import { fail, ok } from '../../../testing/api-server.test-support.ts';
import { likedCar, renderSignedIn, screenTestApi } from '../../../testing/screen-api.test-support.tsx';
import { FavoritesTab } from './FavoritesTab.tsx';

const api = screenTestApi();

const likedCalls = () => api.calls.filter((c) => c.path === '/cars/user/liked');
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => likedCar(from + i));

describe('FavoritesTab', () => {
  it('loads 20 a page with the bearer token, shows liked-at labels, and stops after a short page', async () => {
    api.on('GET /cars/user/liked', (call) =>
      call.query.page === '1'
        ? ok({ cars: page(1, 20), page: 1, limit: 20, total: 23 })
        : ok({ cars: page(21, 3), page: 2, limit: 20, total: 23 }),
    );
    const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
    expect(screen.getByText('Loading your favorites...')).toBeTruthy();
    expect(await screen.findByRole('article', { name: '2011 BMW Model 1' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getAllByText('Liked Today')).toHaveLength(20);
    expect(likedCalls()[0]).toMatchObject({
      query: { page: '1', limit: '20' },
      authorization: 'Bearer access-1',
    });

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByRole('article', { name: '2018 BMW Model 23' });
    expect(screen.getAllByRole('article')).toHaveLength(23);
    expect(likedCalls().at(-1)?.query).toEqual({ page: '2', limit: '20' });
    // Three cars is fewer than 20: that was the last page.
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('hides Load More when the first page is already short', async () => {
    api.on('GET /cars/user/liked', ok({ cars: page(1, 5), page: 1, limit: 20, total: 5 }));
    renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
    await screen.findByRole('article', { name: '2011 BMW Model 1' });
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(screen.getByText('5 favorites')).toBeTruthy();
  });

  it('filters the loaded favourites by year, make and model, in any word order', async () => {
    api.on(
      'GET /cars/user/liked',
      ok({
        cars: [
          likedCar(1, { year: 2021, make: 'BMW', model: 'X5' }),
          likedCar(2, { year: 2019, make: 'Toyota', model: 'Hilux' }),
          likedCar(3, { year: 2021, make: 'Toyota', model: 'Corolla' }),
        ],
        page: 1,
        limit: 20,
        total: 3,
      }),
    );
    const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
    await screen.findByRole('article', { name: '2021 BMW X5' });
    const search = screen.getByPlaceholderText('Search your favorites...');

    await user.type(search, 'toyota');
    // Both meet the ask; the younger car ranks first (the score weighs age too).
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      '2021 Toyota Corolla',
      '2019 Toyota Hilux',
    ]);
    expect(screen.getByText('2 of 3 favorites')).toBeTruthy();

    await user.clear(search);
    await user.type(search, '2021 corolla');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      '2021 Toyota Corolla',
    ]);

    await user.clear(search);
    await user.type(search, 'tesla');
    expect(screen.getByRole('heading', { name: 'No matching favorites' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    // Searching never calls the API: it filters what is loaded.
    expect(likedCalls()).toHaveLength(1);
  });

  it('reads a search that asks for something, and shows the favourites that match it, scored and best first', async () => {
    api.on(
      'GET /cars/user/liked',
      ok({
        cars: [
          likedCar(1, {
            year: 2020,
            make: 'Toyota',
            model: 'Corolla',
            bodyType: 'Sedan',
            price: 300000,
            seats: 5,
          }),
          likedCar(2, {
            year: 2021,
            make: 'Toyota',
            model: 'Hilux',
            bodyType: 'Truck',
            fuelType: 'Diesel',
            price: 350000,
            seats: 5,
          }),
          likedCar(3, {
            year: 2022,
            make: 'Toyota',
            model: 'Fortuner',
            bodyType: 'SUV',
            fuelType: 'Diesel',
            price: 550000,
            seats: 7,
          }),
          likedCar(4, { year: 2023, make: 'BMW', model: 'X7', bodyType: 'SUV', price: 1900000, seats: 7 }),
          likedCar(5, { year: 2019, make: 'Zotye', model: 'Z100', bodyType: 'Hatchback', price: 900000 }),
        ],
        page: 1,
        limit: 20,
        total: 5,
      }),
    );
    const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
    await screen.findByRole('article', { name: '2020 Toyota Corolla' });
    const search = screen.getByPlaceholderText('Search your favorites...');
    const cards = () => screen.getAllByRole('article');
    const banner = (card: HTMLElement) => within(card).getByText(/% Match$/).textContent;

    // A budget is a filter (the X7 is far over it); 'family' ranks: the seven-seater first, meeting all of the ask
    // (70 of the score) and more for being a recent car; then the others by what they are (the newer Hilux first).
    await user.type(search, 'family car under 600k');
    expect(cards().map((a) => a.getAttribute('aria-label'))).toEqual([
      '2022 Toyota Fortuner',
      '2021 Toyota Hilux',
      '2020 Toyota Corolla',
    ]);
    const scores = cards().map((card) => Number.parseInt(banner(card), 10));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThanOrEqual(70);
    expect(scores[1]).toBeLessThan(scores[0]!);
    // Each card gives its own reasons: the seven-seater its seats.
    expect(within(cards()[0]!).getByRole('list', { name: 'Why it matches' }).textContent).toContain(
      '7 seats',
    );
    expect(screen.getByText('3 of 5 favorites')).toBeTruthy();

    // A bakkie under 400k: only the Hilux.
    await user.clear(search);
    await user.type(search, 'diesel bakkie under 400k');
    expect(cards().map((a) => a.getAttribute('aria-label'))).toEqual(['2021 Toyota Hilux']);
    expect(Number.parseInt(banner(cards()[0]!), 10)).toBeGreaterThanOrEqual(70);

    // Words the reader does not know are no ask: the title search, with no score.
    await user.clear(search);
    await user.type(search, 'zotye');
    expect(cards().map((a) => a.getAttribute('aria-label'))).toEqual(['2019 Zotye Z100']);
    expect(screen.queryByText(/% Match$/)).toBeNull();
    expect(likedCalls()).toHaveLength(1);
  });

  it('opens a car from its card', async () => {
    api.on('GET /cars/user/liked', ok({ cars: [likedCar(7)], page: 1, limit: 20, total: 1 }));
    const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
    await user.click(await screen.findByRole('button', { name: '2017 BMW Model 7' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'car-7' });
  });

  it("has a working chat button on every favourite with a seller, never 'Chat not available'", async () => {
    api.on(
      'GET /cars/user/liked',
      ok({
        cars: [
          likedCar(7, { dealerId: 'd7', sellerId: 'u7' }),
          likedCar(8, { sellerType: 'private', isPrivateSeller: true, dealerId: null, sellerId: 'u8' }),
        ],
        page: 1,
        limit: 20,
        total: 2,
      }),
    );
    const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Message dealer' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'chat', chatUserId: 'd7', carId: 'car-7' });
    expect(screen.getByRole('button', { name: 'Message seller' })).toBeTruthy();
    expect(screen.queryByText('Chat not available')).toBeNull();
  });

  it('shows the empty state when nothing is liked yet', async () => {
    api.on('GET /cars/user/liked', ok({ cars: [], page: 1, limit: 20, total: 0 }));
    renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeTruthy();
  });

  it('shows an error with Retry, and loads on retry', async () => {
    let failing = true;
    api.on('GET /cars/user/liked', () =>
      failing ? fail(500, 'Database down') : ok({ cars: [likedCar(1)], page: 1, limit: 20, total: 1 }),
    );
    const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
    expect(await screen.findByText('Failed to load favorites', {}, { timeout: 4000 })).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('article', { name: '2011 BMW Model 1' });
  });

  it('keeps loaded cars and says so when the next page fails', async () => {
    api.on('GET /cars/user/liked', (call) =>
      call.query.page === '1' ? ok({ cars: page(1, 20), page: 1, limit: 20, total: 40 }) : fail(500, 'boom'),
    );
    const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
    await screen.findByRole('article', { name: '2011 BMW Model 1' });
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getByText('Failed to load more favorites')).toBeTruthy(), {
      timeout: 4000,
    });
    expect(screen.getAllByRole('article')).toHaveLength(20);
  });

  describe('removing a favourite from the list', () => {
    /** A liked list the server keeps: each like toggle takes the car out, as the API does. */
    function serveLiked(ids: number[]) {
      let liked = ids.map((n) => likedCar(n));
      api.on('GET /cars/user/liked', () => ok({ cars: liked, page: 1, limit: 20, total: liked.length }));
      return {
        toggle: (n: number) => {
          liked = liked.filter((c) => c.id !== `car-${n}`);
          return ok({ liked: false, totalLikes: 4 });
        },
      };
    }
    const likePosts = () => api.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/like'));
    const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

    it('takes the car off at once with its named button, and keeps it off once the server answers', async () => {
      const server = serveLiked([1, 2, 3]);
      let answer: () => void = () => undefined;
      api.on(
        'POST /cars/car-2/like',
        () =>
          new Promise((resolve) => {
            answer = () => resolve(server.toggle(2));
          }),
      );
      const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
      await screen.findByRole('article', { name: '2012 Toyota Model 2' });
      const button = screen.getByRole('button', { name: 'Remove 2012 Toyota Model 2 from favorites' });
      expect(button.tagName).toBe('BUTTON');
      await user.click(button);
      // Gone before the server has answered.
      expect(titles()).toEqual(['2011 BMW Model 1', '2013 BMW Model 3']);
      expect(screen.getByText('2 favorites')).toBeTruthy();
      await waitFor(() => expect(likePosts()).toHaveLength(1));
      expect(likePosts()[0]).toMatchObject({ path: '/cars/car-2/like', authorization: 'Bearer access-1' });
      answer();
      // The list is read again once the removal is done; the car stays off.
      await waitFor(() => expect(likedCalls()).toHaveLength(2));
      expect(titles()).toEqual(['2011 BMW Model 1', '2013 BMW Model 3']);
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('puts the car back in its place and says so when the removal fails', async () => {
      serveLiked([1, 2, 3]);
      api.on('POST /cars/car-2/like', fail(500, 'Database down'));
      const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
      await user.click(
        await screen.findByRole('button', { name: 'Remove 2012 Toyota Model 2 from favorites' }),
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Could not remove 2012 Toyota Model 2 from your favorites.');
      expect(alert.textContent).toContain('Database down');
      expect(titles()).toEqual(['2011 BMW Model 1', '2012 Toyota Model 2', '2013 BMW Model 3']);
      await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('presses again when the car had been unliked elsewhere (the like is a toggle)', async () => {
      serveLiked([1]);
      let presses = 0;
      api.on('POST /cars/car-1/like', () => {
        presses += 1;
        return ok({ liked: presses === 1, totalLikes: presses === 1 ? 1 : 0 });
      });
      const { user } = renderSignedIn(api.baseUrl, <FavoritesTab userId="u1" />);
      await user.click(await screen.findByRole('button', { name: 'Remove 2011 BMW Model 1 from favorites' }));
      expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeTruthy();
      await waitFor(() => expect(likePosts()).toHaveLength(2));
    });
  });
});
