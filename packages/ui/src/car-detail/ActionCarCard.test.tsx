import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetNavigation, useNavigation } from '../state/navigation.ts';
import { normaliseUser, useSession } from '../state/session.ts';
import {
  demoUser,
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { ActionCarCard } from './ActionCarCard.tsx';
import { CarCard } from '../cars/CarCard.tsx';
import type { BrowseCar } from '../cars/useBrowseCars.ts';

const car = (overrides: Partial<BrowseCar> = {}): BrowseCar =>
  ({
    id: 'c1',
    _id: 'c1',
    make: 'Toyota',
    model: 'Hilux',
    year: 2021,
    mileage: 40000,
    fuelType: 'Diesel',
    transmission: 'Manual',
    bodyType: 'Truck',
    price: 450000,
    formattedPrice: 'E 450,000',
    images: [],
    videos: [],
    dealerId: 'dealer-9',
    dealerName: 'Manzini Motors',
    sellerType: 'dealer',
    ...overrides,
  }) as BrowseCar;

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetNavigation();
  useSession.setState({ status: 'anonymous', user: null });
  api.calls.length = 0;
});
afterEach(() => cleanup());

function renderWith(ui: React.ReactNode, signedIn = false) {
  const { host } = memoryHost(signedIn ? { tokens: { accessToken: 'at', refreshToken: 'rt' } } : {});
  const vibrate = vi.spyOn(host, 'vibrate');
  if (signedIn) useSession.setState({ status: 'authenticated', user: normaliseUser(demoUser()) });
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      {ui}
    </TestProviders>,
  );
  return { user: userEvent.setup(), vibrate };
}

const likeCalls = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/cars/c1/like');

describe('CarCard match details', () => {
  it.each([
    [100, 'green'],
    [70, 'green'],
    [69, 'blue'],
    [50, 'blue'],
    [49, 'orange'],
    [40, 'orange'],
    [39, 'red'],
    [0, 'red'],
  ])('colours a %i%% match banner %s', (score, colour) => {
    renderWith(
      <CarCard
        car={car()}
        layout="grid"
        onOpen={() => undefined}
        match={{ matchScore: score, reasons: [] }}
      />,
    );
    const banner = screen.getByText(`${score}% Match`);
    expect(banner.getAttribute('data-colour')).toBe(colour);
  });

  it('shows at most two reasons, the lifestyle note and the price insight', () => {
    renderWith(
      <CarCard
        car={car()}
        layout="grid"
        onOpen={() => undefined}
        match={{
          matchScore: 90,
          reasons: ['Fits your budget', ' ', 'Suits a large family', 'Reliable for daily use'],
          lifestyleMatch: '2021 Toyota Hilux: Fits your budget; Suits a large family.',
          pricingInsight: {
            marketPosition: 'below',
            suggestion: 'Priced below similar cars: a good deal',
            confidence: 85,
            comparables: 4,
          },
        }}
      />,
    );
    const reasons = screen.getByRole('list', { name: 'Why it matches' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fits your budget', 'Suits a large family']);
    expect(screen.getByText('2021 Toyota Hilux: Fits your budget; Suits a large family.')).toBeTruthy();
    expect(screen.getByText('Below market')).toBeTruthy();
    expect(screen.getByText(/a good deal/)).toBeTruthy();
  });

  it("shows no banner without a match, and 'Chat not available' without a chat handler", () => {
    renderWith(<CarCard car={car()} layout="grid" onOpen={() => undefined} />);
    expect(screen.queryByText(/% Match/)).toBeNull();
    expect(screen.getByText('Chat not available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Message (dealer|seller)$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Like/ })).toBeNull();
  });

  it('shows the chat button when a handler exists and hands it the car', async () => {
    const onStartChat = vi.fn();
    const { user } = renderWith(
      <CarCard car={car()} layout="grid" onOpen={() => undefined} onStartChat={onStartChat} />,
    );
    expect(screen.queryByText('Chat not available')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Message dealer' }));
    expect(onStartChat).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }));
  });
});

/** The card of car c1 with its like button, from the like status the server last gave. */
const likeCard = (likeStatus?: { liked: boolean; totalLikes: number }) => (
  <ActionCarCard car={car()} layout="grid" onOpen={() => undefined} likeStatus={likeStatus} />
);

describe('ActionCarCard like', () => {
  it('likes at once, vibrates 50 ms, then takes the server count', async () => {
    let release: () => void = () => undefined;
    api.on(
      'POST /cars/c1/like',
      () => new Promise((resolve) => (release = () => resolve(ok({ liked: true, totalLikes: 12 })))),
    );
    const { user, vibrate } = renderWith(likeCard({ liked: false, totalLikes: 4 }), true);
    await user.click(screen.getByRole('button', { name: 'Like 2021 Toyota Hilux, 4 likes' }));
    // Optimistic: pressed with one more like before the server answers.
    expect(
      screen.getByRole('button', { name: 'Unlike 2021 Toyota Hilux, 5 likes' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(vibrate).toHaveBeenCalledWith(50);
    await waitFor(() => expect(likeCalls()).toHaveLength(1));
    expect(likeCalls()[0]?.authorization).toBe('Bearer at');
    release();
    expect(await screen.findByRole('button', { name: 'Unlike 2021 Toyota Hilux, 12 likes' })).toBeTruthy();
  });

  it('puts the like back when the server fails, and says so', async () => {
    // The failure is held back until the optimistic state has been checked, however fast the machine is.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('POST /cars/c1/like', async () => {
      await answered;
      return fail(500, 'Failed to like car');
    });
    const { user, vibrate } = renderWith(
      <ActionCarCard
        car={car()}
        layout="grid"
        onOpen={() => undefined}
        likeStatus={{ liked: true, totalLikes: 1 }}
      />,
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Unlike 2021 Toyota Hilux, 1 like' }));
    // Unliking moves the count down (never below 0) and does not vibrate.
    expect(screen.getByRole('button', { name: 'Like 2021 Toyota Hilux, 0 likes' })).toBeTruthy();
    expect(vibrate).not.toHaveBeenCalled();
    answer();
    expect(await screen.findByRole('button', { name: 'Unlike 2021 Toyota Hilux, 1 like' })).toBeTruthy();
    expect(await screen.findByText('Could not remove your like')).toBeTruthy();
  });

  it('asks a logged-out buyer to sign in and sends nothing', async () => {
    const { user } = renderWith(<ActionCarCard car={car()} layout="grid" onOpen={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Like 2021 Toyota Hilux, 0 likes' }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    expect(screen.getByRole('button', { name: 'Like 2021 Toyota Hilux, 0 likes' })).toBeTruthy();
    expect(likeCalls()).toHaveLength(0);
  });

  it('a tap made while the stored session is still being read waits for it: signed in, the car is liked', async () => {
    api.on('POST /cars/c1/like', ok({ liked: true, totalLikes: 5 }));
    const { user } = renderWith(likeCard({ liked: false, totalLikes: 4 }), true);
    // The page has just started: the session is being read from the device.
    act(() => useSession.setState({ status: 'loading', user: null }));
    await user.click(screen.getByRole('button', { name: 'Like 2021 Toyota Hilux, 4 likes' }));
    expect(likeCalls()).toHaveLength(0);

    act(() => useSession.setState({ status: 'authenticated', user: normaliseUser(demoUser()) }));
    expect(await screen.findByRole('button', { name: 'Unlike 2021 Toyota Hilux, 5 likes' })).toBeTruthy();
    await waitFor(() => expect(likeCalls()).toHaveLength(1));
    expect(useNavigation.getState().loginOpen).toBe(false);
  });

  it('a tap while the session is being read asks a visitor to sign in once it is read', async () => {
    const { user } = renderWith(<ActionCarCard car={car()} layout="grid" onOpen={() => undefined} />);
    act(() => useSession.setState({ status: 'loading', user: null }));
    await user.click(screen.getByRole('button', { name: 'Like 2021 Toyota Hilux, 0 likes' }));
    expect(useNavigation.getState().loginOpen).toBe(false);
    act(() => useSession.setState({ status: 'anonymous', user: null }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    expect(likeCalls()).toHaveLength(0);
  });
});

describe('ActionCarCard chat', () => {
  it('shows login when logged out', async () => {
    const { user } = renderWith(<ActionCarCard car={car()} layout="grid" onOpen={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Message dealer' }));
    expect(useNavigation.getState()).toMatchObject({ loginOpen: true, view: 'tiktok' });
  });

  it('opens the chat with the dealer, else the seller, else the car id', async () => {
    const { user } = renderWith(
      <>
        <ActionCarCard car={car()} layout="grid" onOpen={() => undefined} />
        <ActionCarCard
          car={car({
            id: 'c2',
            _id: 'c2',
            model: 'Corolla',
            dealerId: null,
            sellerId: 'seller-3',
            sellerType: 'private',
            isPrivateSeller: true,
          })}
          layout="grid"
          onOpen={() => undefined}
        />
        <ActionCarCard
          car={car({ id: 'c3', _id: 'c3', model: 'Fortuner', dealerId: null, sellerId: null })}
          layout="grid"
          onOpen={() => undefined}
        />
      </>,
      true,
    );
    const chatIn = (name: string) =>
      within(screen.getByRole('article', { name })).getByRole('button', {
        name: /^Message (dealer|seller)$/,
      });
    await user.click(chatIn('2021 Toyota Hilux'));
    expect(useNavigation.getState()).toMatchObject({ view: 'chat', chatUserId: 'dealer-9', carId: 'c1' });
    await user.click(chatIn('2021 Toyota Corolla'));
    expect(useNavigation.getState()).toMatchObject({ view: 'chat', chatUserId: 'seller-3', carId: 'c2' });
    await user.click(chatIn('2021 Toyota Fortuner'));
    expect(useNavigation.getState()).toMatchObject({ view: 'chat', chatUserId: 'c3', carId: 'c3' });
  });
});
