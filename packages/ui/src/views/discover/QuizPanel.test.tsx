import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIZ_AUTO_ADVANCE_MS } from '@autoreel/core';
import { resetNavigation } from '../../state/navigation.ts';
import { normaliseUser, useSession } from '../../state/session.ts';
import {
  demoUser,
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../../testing/api-server.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import { LOCAL_RECOMMENDATION_NOTE } from '../../ai/ai-requests.ts';
import { DiscoverView } from './DiscoverView.tsx';
import { listedCar, match } from '../../testing/discover-fixtures.test-support.ts';
import { QuizPanel } from '../../ai/QuizPanel.tsx';

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
  vi.useRealTimers();
});

function renderQuiz(variant: 'page' | 'modal' = 'page') {
  const { host } = memoryHost();
  const onResults = vi.fn();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <QuizPanel variant={variant} onResults={onResults} />
    </TestProviders>,
  );
  return { onResults };
}

const stepTitle = () => screen.getAllByRole('group')[0]?.querySelector('legend')?.textContent;
const option = (name: RegExp | string) => screen.getByRole('button', { name });

/** Picks an option and lets the auto-advance delay pass. */
function pick(name: RegExp | string) {
  fireEvent.click(option(name));
  void act(() => vi.advanceTimersByTime(QUIZ_AUTO_ADVANCE_MS));
}

describe('QuizPanel', () => {
  it("offers the budgets in the buyer's currency and names it on the custom range", async () => {
    api.on(
      'GET /countries/current',
      ok({ country: { code: 'ZA', currency: { code: 'ZAR', name: 'South African rand', symbol: 'R' } } }),
    );
    renderQuiz();
    expect(await screen.findByRole('button', { name: /^Under R460k/ })).toBeTruthy();
    expect(option(/^R1.38M\+/)).toBeTruthy();
    expect(screen.getByLabelText('Maximum (R)')).toBeTruthy();
    // The other tests are in lilangeni: the country is not known again.
    api.on('GET /countries/current', fail(404, 'Not found'));
  });

  it('moves on 300 ms after an answer, budget presets included', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderQuiz();
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(stepTitle()).toBe("What's your budget?");
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    fireEvent.click(option(/^Under E460k/));
    // Chosen at once, but the step stays a moment so the choice is seen.
    expect(option(/^Under E460k/).getAttribute('aria-pressed')).toBe('true');
    void act(() => vi.advanceTimersByTime(QUIZ_AUTO_ADVANCE_MS - 1));
    expect(stepTitle()).toBe("What's your budget?");
    void act(() => vi.advanceTimersByTime(1));
    expect(stepTitle()).toBe('Who usually rides with you?');
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();

    pick(/^Small family/);
    expect(stepTitle()).toBe('How will you mostly use the car?');
    pick(/^Daily commuting/);
    // The page asks in km, the marketplace's unit.
    expect(stepTitle()).toBe('How far is your daily round trip?');
    expect(option(/^80\+ km/)).toBeTruthy();
    pick(/^80\+ km/);
    pick(/^Eco-friendly/);
    expect(screen.getByText('Your answers')).toBeTruthy();
  });

  it('goes back one step with the answer kept, and a quick Back cancels the pending advance', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderQuiz();
    pick(/^E460k - E920k/);
    pick(/^Large family/);
    expect(stepTitle()).toBe('How will you mostly use the car?');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepTitle()).toBe('Who usually rides with you?');
    expect(option(/^Large family/).getAttribute('aria-pressed')).toBe('true');

    // Answer, then Back before the delay: the quiz stays on the previous step.
    fireEvent.click(option(/^Just me/));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    void act(() => vi.advanceTimersByTime(QUIZ_AUTO_ADVANCE_MS * 2));
    expect(stepTitle()).toBe("What's your budget?");
    expect(option(/^E460k - E920k/).getAttribute('aria-pressed')).toBe('true');
  });

  it('summarises the answers; Start Over begins again with none', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderQuiz('modal');
    pick(/^E920k - E1.38M/);
    pick(/^Just me/);
    pick(/^Business/);
    pick(/^80\+ km/);
    pick(/^Performance/);
    expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual([
      'E920k - E1.38M',
      'Just me',
      'Business',
      '80+ km',
      'Performance',
    ]);
    expect(screen.getByRole('button', { name: 'Get My Recommendations' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(stepTitle()).toBe("What's your budget?");
    expect(option(/^E920k - E1.38M/).getAttribute('aria-pressed')).toBe('false');
  });

  it('takes a budget of its own, checked like the API checks it', async () => {
    const user = userEvent.setup();
    renderQuiz();
    const min = screen.getByLabelText('Minimum (E)');
    const max = screen.getByLabelText('Maximum (E)');
    // The page's default budget is 0 to 100,000 (SPEC 9).
    expect((min as HTMLInputElement).value).toBe('0');
    expect((max as HTMLInputElement).value).toBe('100000');
    await user.clear(min);
    await user.type(min, '500000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Budget minimum is above the maximum');
    expect(stepTitle()).toBe("What's your budget?");
    await user.clear(max);
    await user.type(max, '750000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(stepTitle()).toBe('Who usually rides with you?');
  });
});

/** The machine running the tests may be busy; real waits get room beyond the 300 ms steps. */
const SLOW = { timeout: 4000 };

describe('Lifestyle Match in discover', () => {
  async function takeQuiz() {
    const signedIn = useSession.getState().status === 'authenticated';
    const { host } = memoryHost(signedIn ? { tokens: { accessToken: 'at', refreshToken: 'rt' } } : {});
    render(
      <TestProviders host={host} baseUrl={api.baseUrl}>
        <DiscoverView />
      </TestProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Lifestyle Match' }));
    // Real waits here: the auto-advance is 300 ms per step.
    for (const name of [/^E460k - E920k/, /^Large family/, /^Daily commuting/, /^80\+ km/, /^Eco-friendly/]) {
      await user.click(await screen.findByRole('button', { name }, SLOW));
    }
    await user.click(await screen.findByRole('button', { name: 'Get My Recommendations' }, SLOW));
  }

  it('asks for recommendations with the answers and shows them under AI-Matched Cars', async () => {
    api.on(
      'POST /ai/recommendations',
      ok({
        cars: [
          match(
            1,
            {},
            {
              matchScore: 90,
              reasons: ['Fits your budget', 'Suits a large family', 'Eco-friendly fuel'],
              lifestyleMatch:
                '2023 Tesla Model 1: Fits your budget; Suits a large family; Eco-friendly fuel.',
            },
          ),
        ],
        reasoning: 'Picked 1 car for you.',
      }),
    );
    await takeQuiz();
    const card = await screen.findByRole('article', { name: '2023 Tesla Model 1' }, SLOW);
    expect(within(card).getByText('90% Match').getAttribute('data-colour')).toBe('green');
    expect(
      within(card).getByText(
        '2023 Tesla Model 1: Fits your budget; Suits a large family; Eco-friendly fuel.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('1 match for your lifestyle')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/ai/recommendations');
    expect(call?.body).toEqual({
      budget: { min: 460000, max: 920000 },
      familySize: 'large-family',
      usage: 'daily',
      commutingDistance: 'long',
      fuelPreference: 'eco-friendly',
      // The buyer's currency; lilangeni when the country is not known.
      currency: 'SZL',
    });
  }, 15_000);

  it("saves the answers as a search: the budget top and a large family's seats, with instant alerts", async () => {
    api.on('POST /ai/recommendations', ok({ cars: [match(1)], reasoning: 'Picked 1 car for you.' }));
    api.on('POST /saved-searches', ok({ id: 'search-1' }));
    useSession.setState({ status: 'authenticated', user: normaliseUser(demoUser()) });
    await takeQuiz();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save search' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' }, SLOW);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toMatch(
      /^Lifestyle Match: E460k - E920k/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Search saved' }, SLOW)).toBeTruthy();
    const saved = api.calls.find((c) => c.method === 'POST' && c.path === '/saved-searches');
    expect(saved?.body).toMatchObject({
      filters: { maxPrice: 920_000, minSeats: 5 },
      alert: 'instant',
    });
  }, 15_000);

  it('scores locally over GET /cars when recommendations fail', async () => {
    api.on('POST /ai/recommendations', fail(500, 'Failed to get recommendations'));
    api.on(
      'GET /cars',
      ok({
        cars: [
          listedCar(1, { price: 800000 }),
          listedCar(2, { make: 'BMW', fuelType: 'Petrol', bodyType: 'Coupe', price: 2000000 }),
          listedCar(3, { make: 'Toyota', fuelType: 'Hybrid', bodyType: 'Wagon', price: 990000 }),
        ],
        total: 3,
        nextCursor: null,
      }),
    );
    await takeQuiz();
    expect(await screen.findByText(LOCAL_RECOMMENDATION_NOTE, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2), SLOW);
    const cards = screen.getAllByRole('article');
    // Tesla: budget 35 + large family SUV 25 + long commute 20 + eco 25 = 105, capped at 100.
    expect(within(cards[0]!).getByText('100% Match')).toBeTruthy();
    // Toyota hybrid wagon at 990k: close 20 + wagon 20 + commute 20 + eco 25 + daily reliable 15 = 100.
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      '2023 Tesla Model 1',
      '2023 Toyota Model 3',
    ]);
    // The BMW coupe scores nothing and is left out. Only cars that can score for the budget were asked for.
    const list = api.calls.find((c) => c.method === 'GET' && c.path === '/cars');
    expect(list?.query).toMatchObject({ maxPrice: '1012000', limit: '100' });
  }, 15_000);
});
