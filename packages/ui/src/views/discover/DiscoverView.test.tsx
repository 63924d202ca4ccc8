import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetNavigation, useNavigation } from '../../state/navigation.ts';
import { useSession } from '../../state/session.ts';
import {
  fail,
  memoryHost,
  ok,
  startTestApi,
  type RecordedCall,
  type TestApiServer,
} from '../../testing/api-server.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import { LOCAL_SEARCH_INSIGHT } from '../../ai/ai-requests.ts';
import { EMPTY_QUERY_MESSAGE } from '../../ai/AiSearchPanel.tsx';
import { DiscoverView, RESULTS_SCROLL_DELAY_MS } from './DiscoverView.tsx';
import { listedCar, match } from '../../testing/discover-fixtures.test-support.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetNavigation();
  useSession.setState({ status: 'anonymous', user: null });
  api.calls.length = 0;
  api.on(
    'POST /ai/pricing-insights',
    ok({ marketPrice: null, insights: [], comparison: [], marketPosition: null, comparables: 0 }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const searchCalls = (): RecordedCall[] =>
  api.calls.filter((c) => c.method === 'POST' && c.path === '/ai/search-natural-language');

function renderDiscover() {
  const { host } = memoryHost();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <DiscoverView />
    </TestProviders>,
  );
  return userEvent.setup();
}

/** Answers the search like the API: the filters it read and the cars that meet them. */
function answerSearch() {
  api.on('POST /ai/search-natural-language', (call) => {
    const { query, without = [] } = call.body as { query: string; without?: string[] };
    const removed = without.join(',');
    if (query === 'electric SUV under 900k' && removed === '') {
      return ok({
        cars: [match(1), match(2)],
        insights: ['Showing electric SUVs under E900,000'],
        filters: { bodyType: 'SUV', fuelType: 'Electric', maxPrice: 900000 },
        exact: true,
        relaxed: [],
        total: 41,
      });
    }
    if (query === 'electric SUV under 900k' && removed === 'maxPrice') {
      return ok({
        cars: [match(1), match(2), match(3, { price: 1200000 })],
        insights: ['Showing electric SUVs'],
        filters: { bodyType: 'SUV', fuelType: 'Electric' },
      });
    }
    if (query === 'electric SUV under 900k' && removed === 'fuelType') {
      return ok({
        cars: [match(4, { fuelType: 'Petrol' })],
        insights: ['Showing SUVs under E900,000'],
        filters: { bodyType: 'SUV', maxPrice: 900000 },
      });
    }
    return ok({
      cars: [],
      insights: [`Showing cars matching "${query}"`, 'No cars match that yet.'],
      filters: { search: query },
    });
  });
}

describe('DiscoverView AI Search', () => {
  it('shows the preferences understood as chips and keeps a removed one out of later searches', async () => {
    api.on('POST /ai/search-natural-language', (call) => {
      const { without = [] } = call.body as { without?: string[] };
      return ok({
        cars: [match(1)],
        insights: ['Showing cars'],
        filters: {},
        soft: ['cheap', 'small', 'easy'].filter((preference) => !without.includes(preference)),
      });
    });
    const user = renderDiscover();
    await user.type(
      screen.getByLabelText('Describe the car you want'),
      'cheap first car for a new driver{Enter}',
    );
    const chips = await screen.findByRole('list', { name: 'Understood filters' });
    const labels = () =>
      within(screen.getByRole('list', { name: 'Understood filters' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(within(chips).getAllByRole('listitem')).toHaveLength(3);
    expect(labels()).toEqual(['Affordable', 'Small', 'Easy to drive']);
    await user.click(screen.getByRole('button', { name: 'Remove Affordable' }));
    await waitFor(() => expect(labels()).toEqual(['Small', 'Easy to drive']));
    await user.click(screen.getByRole('button', { name: 'Remove Small' }));
    await waitFor(() => expect(labels()).toEqual(['Easy to drive']));
    expect(searchCalls().map((c) => c.body)).toEqual([
      { query: 'cheap first car for a new driver' },
      { query: 'cheap first car for a new driver', without: ['cheap'] },
      { query: 'cheap first car for a new driver', without: ['cheap', 'small'] },
    ]);
    // A new search starts with every chip again.
    await user.clear(screen.getByLabelText('Describe the car you want'));
    await user.type(screen.getByLabelText('Describe the car you want'), 'first car{Enter}');
    await waitFor(() => expect(searchCalls().at(-1)?.body).toEqual({ query: 'first car' }));
  });

  it('has the two tabs and an empty AI-Matched Cars panel', () => {
    renderDiscover();
    expect(screen.getByRole('tab', { name: 'AI Search' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Lifestyle Match' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'AI-Matched Cars' })).toBeTruthy();
    expect(screen.getByText('Your matches will appear here')).toBeTruthy();
  });

  it('refuses a blank query without asking the API', async () => {
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe(EMPTY_QUERY_MESSAGE);
    expect(searchCalls()).toHaveLength(0);
  });

  it('shows the understood filters as chips and the matches with their score and reasons', async () => {
    answerSearch();
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'electric SUV under 900k{Enter}');
    const chips = await screen.findByRole('list', { name: 'Understood filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SUV', 'Electric', 'Under E900,000']);
    expect(screen.getByText('Showing electric SUVs under E900,000')).toBeTruthy();
    expect(searchCalls()[0]?.body).toEqual({ query: 'electric SUV under 900k' });

    const results = screen.getByRole('list', { name: 'Matched cars' });
    const cards = within(results).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(results).getByRole('article', { name: '2023 Tesla Model 1' });
    expect(within(first).getByText('85% Match').getAttribute('data-colour')).toBe('green');
    expect(
      within(within(first).getByRole('list', { name: 'Why it matches' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    // The answer says what it is: the best 2 of every match, which Browse shows in full.
    expect(screen.getByText('Top 2 of 41 matches for "electric SUV under 900k"')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'See all 41 in Browse' }));
    expect(useNavigation.getState()).toMatchObject({
      view: 'browse',
      browseQuery: 'bodyType=SUV&fuelType=Electric&maxPrice=900000',
    });
  });

  it("keeps the search's results to the search: the quiz's tab does not show them under it", async () => {
    answerSearch();
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'electric SUV under 900k{Enter}');
    expect(await screen.findByRole('list', { name: 'Matched cars' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Lifestyle Match' }));
    expect(screen.queryByRole('list', { name: 'Matched cars' })).toBeNull();
    expect(screen.getByText('Your matches will appear here')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'AI Search' }));
    expect(screen.getByRole('list', { name: 'Matched cars' })).toBeTruthy();
  });

  it('searches again without a filter when its chip is removed', async () => {
    answerSearch();
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'electric SUV under 900k{Enter}');
    await screen.findByRole('list', { name: 'Understood filters' });

    await user.click(screen.getByRole('button', { name: 'Remove Under E900,000' }));
    await waitFor(() => expect(searchCalls()).toHaveLength(2));
    // The same words, with the removed chip named: the reader cannot bring it back.
    expect(searchCalls()[1]?.body).toEqual({ query: 'electric SUV under 900k', without: ['maxPrice'] });
    expect(screen.getByLabelText<HTMLInputElement>('Describe the car you want').value).toBe(
      'electric SUV under 900k',
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    const chips = screen.getByRole('list', { name: 'Understood filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SUV', 'Electric']);

    await user.click(screen.getByRole('button', { name: 'Remove Electric' }));
    await waitFor(() => expect(searchCalls()).toHaveLength(3));
    expect(searchCalls()[2]?.body).toEqual({
      query: 'electric SUV under 900k',
      without: ['maxPrice', 'fuelType'],
    });
  });

  it('keeps the search and the quiz progress when switching tabs', async () => {
    answerSearch();
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'electric SUV under 900k{Enter}');
    await screen.findByRole('list', { name: 'Understood filters' });
    await user.click(screen.getByRole('tab', { name: 'Lifestyle Match' }));
    expect(
      screen.getByText('Describe the car you want').closest('[role="tabpanel"]')?.hasAttribute('hidden'),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: /^E460k - E920k/ }));
    expect(await screen.findByText('Step 2 of 5')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'AI Search' }));
    expect(screen.getByRole('list', { name: 'Understood filters' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Lifestyle Match' }));
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
  });

  it('says when there is no exact match, shows the closest cars and marks the chips let go', async () => {
    api.on(
      'POST /ai/search-natural-language',
      ok({
        cars: [match(1, { make: 'Mitsubishi', model: 'Pajero Sport', fuelType: 'Petrol' })],
        insights: [
          'Showing diesel Mitsubishi Pajero Sport cars',
          'No cars for sale match all of that right now; these are the closest, without Diesel.',
        ],
        filters: { make: 'Mitsubishi', model: 'Pajero Sport', fuelType: 'Diesel' },
        exact: false,
        relaxed: ['fuelType'],
      }),
    );
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'mitsubishi pajero diesel{Enter}');
    expect(
      await screen.findByText('No exact match for \u201cmitsubishi pajero diesel\u201d; closest cars'),
    ).toBeTruthy();
    const chips = within(screen.getByRole('list', { name: 'Understood filters' })).getAllByRole('listitem');
    // The model chip shows what 'pajero' was read as; only the fuel chip was let go.
    expect(chips.map((chip) => chip.textContent)).toEqual(['Mitsubishi', 'Pajero Sport', 'Dieselnot met']);
    expect(within(chips[2]!).getByText('not met')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says nothing of near matches when the cars meet everything', async () => {
    api.on(
      'POST /ai/search-natural-language',
      ok({
        cars: [match(1)],
        insights: ['Showing SUVs'],
        filters: { bodyType: 'SUV' },
        exact: true,
        relaxed: [],
      }),
    );
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'suv{Enter}');
    await screen.findByRole('article');
    expect(screen.queryByText(/No exact match/)).toBeNull();
    expect(screen.queryByText('not met')).toBeNull();
  });

  it('clears the results when the last chip is removed', async () => {
    answerSearch();
    api.on(
      'POST /ai/search-natural-language',
      ok({ cars: [match(1)], insights: ['Showing SUVs'], filters: { bodyType: 'SUV' } }),
    );
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'suv{Enter}');
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Remove SUV' }));
    expect(await screen.findByText('Your matches will appear here')).toBeTruthy();
    expect(searchCalls()).toHaveLength(1);
    expect(screen.getByLabelText<HTMLInputElement>('Describe the car you want').value).toBe('');
  });

  it('scores locally over GET /cars when the AI search fails', async () => {
    api.on('POST /ai/search-natural-language', fail(503, 'AI service unavailable'));
    api.on(
      'GET /cars',
      ok({
        cars: [
          listedCar(1, { price: 850000 }),
          listedCar(2, { price: 950000 }),
          listedCar(3, { price: 700000, condition: 'Certified Pre-Owned' }),
        ],
        total: 3,
        nextCursor: null,
      }),
    );
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'electric SUV under 900k{Enter}');
    expect(await screen.findByText(LOCAL_SEARCH_INSIGHT)).toBeTruthy();

    // The cars are asked for with the filters the query was read as.
    const list = api.calls.find((c) => c.method === 'GET' && c.path === '/cars');
    expect(list?.query).toMatchObject({
      bodyType: 'SUV',
      fuelType: 'Electric',
      maxPrice: '900000',
      limit: '100',
    });
    // SPEC 9: budget 30 + SUV 25 + fuel efficient 20 (+ certified 10), capped at 100, best first.
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      '2023 Tesla Model 3',
      '2023 Tesla Model 1',
      '2023 Tesla Model 2',
    ]);
    expect(within(cards[0]!).getByText('85% Match')).toBeTruthy();
    expect(within(cards[1]!).getByText('75% Match')).toBeTruthy();
    expect(within(cards[2]!).getByText('45% Match').getAttribute('data-colour')).toBe('orange');
    expect(within(cards[0]!).getByText('Within your budget')).toBeTruthy();
  });

  it('shows a refused query as an error and does not score locally', async () => {
    api.on('POST /ai/search-natural-language', fail(400, 'Search query must be at most 500 characters'));
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'suv{Enter}');
    expect(await screen.findByText('Search query must be at most 500 characters')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/cars')).toBe(false);
  });

  it('searches at once for words passed from a search entry', async () => {
    answerSearch();
    useNavigation.getState().navigate('discover', { searchQuery: '  electric SUV under 900k ' });
    renderDiscover();
    expect(await screen.findByRole('list', { name: 'Understood filters' })).toBeTruthy();
    expect(searchCalls()).toHaveLength(1);
    expect(screen.getByLabelText<HTMLInputElement>('Describe the car you want').value).toBe(
      'electric SUV under 900k',
    );
  });

  it('shows the price insight of each match', async () => {
    answerSearch();
    api.on('POST /ai/pricing-insights', (call) =>
      (call.body as { carId: string }).carId === 'car-1'
        ? ok({
            marketPrice: 900000,
            insights: ['x'],
            comparison: [],
            marketPosition: 'below',
            comparables: 3,
          })
        : ok({
            marketPrice: null,
            insights: ['Only 1'],
            comparison: [],
            marketPosition: null,
            comparables: 1,
          }),
    );
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'electric SUV under 900k{Enter}');
    const first = await screen.findByRole('article', { name: '2023 Tesla Model 1' });
    expect(await within(first).findByText('Below market')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: '2023 Tesla Model 2' })).queryByText(/market|Fair price/),
    ).toBeNull();
  });

  it('scrolls the results into view on mobile 300 ms after they arrive', async () => {
    answerSearch();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 1023px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    let scrolledAt = 0;
    const scrolled = vi.fn(() => (scrolledAt = performance.now()));
    Element.prototype.scrollIntoView = scrolled;
    // When the results list enters the page, measured as it happens rather than when the test gets to look.
    let arrivedAt = 0;
    let scrolledOnArrival = -1;
    const watcher = new MutationObserver(() => {
      if (arrivedAt || !document.querySelector('[aria-label="Matched cars"]')) return;
      arrivedAt = performance.now();
      scrolledOnArrival = scrolled.mock.calls.length;
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    const user = renderDiscover();
    await user.type(screen.getByLabelText('Describe the car you want'), 'electric SUV under 900k{Enter}');
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1), { timeout: 3000 });
    watcher.disconnect();
    expect(arrivedAt).toBeGreaterThan(0);
    expect(scrolledOnArrival).toBe(0);
    // The observer is told a little after the list is added, so the gap it sees can be a few ms short of 300.
    expect(scrolledAt - arrivedAt).toBeGreaterThanOrEqual(RESULTS_SCROLL_DELAY_MS - 50);
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('region', { name: 'AI-Matched Cars' }));
  });
});
