import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Host } from '../../platform/host.ts';
import { resetNavigation, useNavigation } from '../../state/navigation.ts';
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
import { LOGIN_PROMPT_TEXT } from '../../accounts/LoginPrompt.tsx';
import { TiktokView } from './TiktokView.tsx';
import { FEED_PAGE_SIZE, useFeedCars } from '../../cars/useFeedCars.ts';
import { CLIENT_ID_STORAGE_KEY } from './useViewTracking.ts';

// The machine is shared; give slow moments room before a wait counts as a failure.
configure({ asyncUtilTimeout: 3000 });

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(async () => {
  cleanup();
  // Let requests of the unmounted feed (view pings) land before the next test clears the recorded calls.
  await new Promise((resolve) => setTimeout(resolve, 50));
});

const car = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `c${n}`,
  _id: `c${n}`,
  make: 'Toyota',
  model: `Model ${n}`,
  year: 2020,
  mileage: 1000 * n,
  fuelType: 'Petrol',
  transmission: 'Automatic',
  bodyType: 'SUV',
  condition: 'Used',
  features: ['Bluetooth'],
  description: 'A clean car with full service history.',
  images: [],
  poster: `https://cdn.test/posters/${n}.jpg`,
  videos: [`https://cdn.test/videos/${n}.mp4`],
  price: 100000 + n,
  formattedPrice: null,
  currency: { symbol: 'E' },
  status: 'active',
  sellerType: 'dealer',
  dealerId: 'd1',
  dealerName: 'Mbabane Motors',
  dealerLocation: 'Mbabane',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** Two pages of ten cars: c1..c10, then c11..c20 after the cursor. */
function serveTwoPages() {
  api.on('GET /cars', (call) =>
    call.query.cursor === 'page-2'
      ? ok({ cars: Array.from({ length: 10 }, (_, i) => car(i + 11)), total: 20, nextCursor: null })
      : ok({ cars: Array.from({ length: 10 }, (_, i) => car(i + 1)), total: 20, nextCursor: 'page-2' }),
  );
}

const callsTo = (method: string, path: string): RecordedCall[] =>
  api.calls.filter((c) => c.method === method && c.path === path);

function signIn() {
  useSession.setState({ status: 'authenticated', user: normaliseUser(demoUser()) });
}

function renderFeed(hostOverrides: Partial<Host> = {}, signedIn = false) {
  const { host } = memoryHost(signedIn ? { tokens: { accessToken: 'a', refreshToken: 'r' } } : {});
  const merged: Host = { ...host, ...hostOverrides };
  const user = userEvent.setup();
  render(
    <TestProviders host={merged} baseUrl={api.baseUrl}>
      <TiktokView />
    </TestProviders>,
  );
  return { user, host: merged };
}

const currentTitle = () => within(screen.getByTestId('feed-current')).getByRole('heading', { level: 2 });
const likeButton = () =>
  within(screen.getByRole('group', { name: 'Car actions' })).getByRole('button', { name: /^(Like|Unlike)$/ });

/** Phones (the default here) show the details on demand; from 1024 px they sit beside the video. */
function setViewport(width: number, height: number) {
  const win = window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } };
  win.happyDOM.setViewport({ width, height });
}

beforeEach(() => {
  setViewport(390, 844);
  api.calls.length = 0;
  resetNavigation();
  useSession.setState({ status: 'anonymous', user: null });
  window.localStorage.clear();
  serveTwoPages();
  api.on('POST /cars/likes/batch-status', (call) => {
    const ids = (call.body as { carIds: string[] }).carIds;
    return ok(Object.fromEntries(ids.map((id) => [id, { isLiked: false, totalLikes: 5 }])));
  });
  for (let n = 1; n <= 20; n += 1) api.on(`POST /cars/c${n}/views`, ok({ views: 1 }));
  api.on('POST /ai/pricing-insights', ok({ marketPrice: null, insights: null, marketPosition: null }));
});

describe('TiktokView: the feed', () => {
  it('shows "Loading cars..." and then the first car, playing muted, with the next one preloading', async () => {
    renderFeed();
    expect(screen.getByText('Loading cars...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Car videos' })).toBeTruthy();
    const video = within(screen.getByTestId('feed-current')).getByLabelText<HTMLVideoElement>(
      'Video of the 2020 Toyota Model 1',
    );
    // The poster is a photo under the video until the video has a frame; the first car's video loads once that
    // photo has, so the poster (not a late first frame) is what the buyer sees first.
    const current = within(screen.getByTestId('feed-current'));
    const posterPhoto = current.getByTestId('feed-poster');
    expect(posterPhoto.getAttribute('src')).toBe('https://cdn.test/posters/1.jpg');
    expect(video.getAttribute('src')).toBeNull();
    fireEvent.load(posterPhoto);
    expect(video.getAttribute('src')).toBe('https://cdn.test/videos/1.mp4');
    expect(video.muted).toBe(true);
    expect(video.getAttribute('preload')).toBe('auto');
    // The next car is mounted off screen with a full preload, so a swipe shows a frame at once; its poster is not
    // fetched until it is on screen.
    const next = document.querySelector('video[src="https://cdn.test/videos/2.mp4"]')!;
    expect(next.getAttribute('preload')).toBe('auto');
    expect(next.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(next.parentElement!.querySelector('img')).toBeNull();
    fireEvent.loadedData(video);
    expect(current.queryByTestId('feed-poster')).toBeNull();
    // Nothing further away is mounted.
    expect(document.querySelector('video[src="https://cdn.test/videos/3.mp4"]')).toBeNull();
    expect(screen.getByText('E100,001')).toBeTruthy();
  });

  it("fetches the next car's poster only once the current car shows its own", async () => {
    renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    const next = () => document.querySelector('video[src="https://cdn.test/videos/2.mp4"]')!;
    // Longer than the next poster's delay: the current poster has not loaded yet (a slow connection), so nothing.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(next().parentElement!.querySelector('img')).toBeNull();
    fireEvent.load(within(screen.getByTestId('feed-current')).getByTestId('feed-poster'));
    await waitFor(() => expect(next().parentElement!.querySelector('img')).toBeTruthy(), { timeout: 3_000 });
  });

  it('fetches the photo of a next car without a video only once it is on screen', async () => {
    api.on('GET /cars', () =>
      ok({ cars: [car(1), car(2, { videos: [] }), car(3)], total: 3, nextCursor: null }),
    );
    const { user } = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    // Off screen: the photo's inline placeholder only, so the first screen downloads the first car's poster alone.
    expect(document.querySelector('img[src="https://cdn.test/posters/2.jpg"]')).toBeNull();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 2' });
    const shown = within(screen.getByTestId('feed-current')).getByRole('img', {
      name: '2020 Toyota Model 2',
    });
    expect(shown.getAttribute('src')).toBe('https://cdn.test/posters/2.jpg');
  });

  it("loads the first car's video anyway when its poster photo neither loads nor fails", async () => {
    renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    const video = within(screen.getByTestId('feed-current')).getByLabelText<HTMLVideoElement>(
      'Video of the 2020 Toyota Model 1',
    );
    expect(video.getAttribute('src')).toBeNull();
    await waitFor(() => expect(video.getAttribute('src')).toBe('https://cdn.test/videos/1.mp4'), {
      timeout: 5_000,
    });
  });
  it("names a private listing's owner beside the Private Seller mark, not the label twice", async () => {
    // As the API presents a private listing: dealerName carries only the 'Private Seller' label.
    const owned = {
      sellerType: 'private',
      isPrivateSeller: true,
      dealerId: null,
      dealerName: 'Private Seller',
      dealerLocation: null,
      sellerName: 'Nomsa Dube',
      sellerLocation: 'Manzini',
    };
    api.on('GET /cars', ok({ cars: [car(1, owned)], total: 1, nextCursor: null }));
    renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    const caption = within(screen.getByTestId('feed-current'));
    expect(caption.getAllByText('Private Seller')).toHaveLength(1);
    expect(caption.getByText('Nomsa Dube · Manzini')).toBeTruthy();
  });

  it('tracks each shown car once, with a device client id while anonymous', async () => {
    const { user } = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    // The id is made and kept on the first view; counting only this device's pings ignores late ones of other tests.
    await waitFor(() => expect(window.localStorage.getItem(CLIENT_ID_STORAGE_KEY)).toBeTruthy());
    const clientId = window.localStorage.getItem(CLIENT_ID_STORAGE_KEY)!;
    expect(clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const mine = (carId: string) =>
      callsTo('POST', `/cars/${carId}/views`).filter(
        (c) => (c.body as { clientId?: string }).clientId === clientId,
      );
    await waitFor(() => expect(mine('c1')).toHaveLength(1));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(mine('c2')).toHaveLength(1));
    await user.keyboard('{ArrowUp}');
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mine('c1')).toHaveLength(1);
  });

  it('moves with arrow keys, swipes over 50 px and the wheel, and stays inside the list', async () => {
    const { user } = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await user.keyboard('{ArrowUp}');
    expect(currentTitle().textContent).toBe('2020 Toyota Model 1');
    await user.keyboard('{ArrowDown}');
    expect(currentTitle().textContent).toBe('2020 Toyota Model 2');

    const surface = screen
      .getByRole('region', { name: 'Car videos' })
      .querySelector('[aria-roledescription]')!;
    // 50 px is not enough; 51 px up is the next car.
    fireEvent.pointerDown(surface, { clientX: 100, clientY: 300 });
    fireEvent.pointerUp(surface, { clientX: 100, clientY: 250 });
    expect(currentTitle().textContent).toBe('2020 Toyota Model 2');
    fireEvent.pointerDown(surface, { clientX: 100, clientY: 300 });
    fireEvent.pointerUp(surface, { clientX: 100, clientY: 249 });
    expect(currentTitle().textContent).toBe('2020 Toyota Model 3');
    fireEvent.pointerDown(surface, { clientX: 100, clientY: 200 });
    fireEvent.pointerUp(surface, { clientX: 100, clientY: 320 });
    expect(currentTitle().textContent).toBe('2020 Toyota Model 2');

    fireEvent.wheel(surface, { deltaY: 120 });
    expect(currentTitle().textContent).toBe('2020 Toyota Model 3');
    // A trackpad's trailing events within the cooldown do not skip cars.
    fireEvent.wheel(surface, { deltaY: 120 });
    expect(currentTitle().textContent).toBe('2020 Toyota Model 3');
  });

  it('loads the next page when the index comes within 3 of the end, once, and not again at the end', async () => {
    const { user } = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    const pages = () => callsTo('GET', '/cars');
    expect(pages()).toHaveLength(1);
    expect(pages()[0]!.query).toEqual({ sort: 'newest', limit: String(FEED_PAGE_SIZE) });
    for (let i = 0; i < 6; i += 1) await user.keyboard('{ArrowDown}');
    expect(currentTitle().textContent).toBe('2020 Toyota Model 7');
    expect(pages()).toHaveLength(1);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(pages()).toHaveLength(2));
    expect(pages()[1]!.query.cursor).toBe('page-2');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(currentTitle().textContent).toBe('2020 Toyota Model 11');
    for (let i = 0; i < 12; i += 1) await user.keyboard('{ArrowDown}');
    expect(currentTitle().textContent).toBe('2020 Toyota Model 20');
    expect(pages()).toHaveLength(2);
  });

  it('has an empty state with List Your Car and Go Back', async () => {
    api.on('GET /cars', ok({ cars: [], total: 0, nextCursor: null }));
    const { user } = renderFeed();
    expect(await screen.findByRole('heading', { name: 'No cars available yet' })).toBeTruthy();
    await user.click(
      within(screen.getByRole('heading', { name: 'No cars available yet' }).closest('section')!).getByRole(
        'button',
        { name: 'List Your Car' },
      ),
    );
    expect(useNavigation.getState().view).toBe('become-seller');
    resetNavigation();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(useNavigation.getState().view).toBe('browse');
  });

  it('says "Invalid car data" for a car without an id, and the top bar still works', async () => {
    api.on(
      'GET /cars',
      ok({ cars: [car(1, { id: undefined, _id: undefined })], total: 1, nextCursor: null }),
    );
    const { user } = renderFeed();
    expect(await screen.findByRole('heading', { name: 'Invalid car data' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Car actions' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Top Cars' }));
    expect(useNavigation.getState().view).toBe('browse');
  });

  it('shows the API message when the list cannot load', async () => {
    api.on('GET /cars', fail(503, 'Service unavailable'));
    renderFeed();
    expect(await screen.findByText('Failed to fetch cars', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
  });

  it('toggles play/pause and mute, and plays again on the next car', async () => {
    const { user } = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await user.click(screen.getByRole('button', { name: 'Pause video' }));
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unmute video' }));
    const video = screen.getByLabelText<HTMLVideoElement>('Video of the 2020 Toyota Model 1');
    expect(video.muted).toBe(false);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mute video' })).toBeTruthy();
  });

  it('opens the details panel on a left swipe and closes it on a rightward drag over 100 px', async () => {
    renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    const surface = screen
      .getByRole('region', { name: 'Car videos' })
      .querySelector('[aria-roledescription]')!;
    fireEvent.pointerDown(surface, { clientX: 300, clientY: 300 });
    fireEvent.pointerUp(surface, { clientX: 200, clientY: 310 });
    // The panel's code (and the detail page pieces it reuses) loads on first use.
    const panel = await screen.findByRole('dialog', { name: '2020 Toyota Model 1' }, { timeout: 5000 });
    expect(within(panel).getByRole('heading', { name: 'Specifications' })).toBeTruthy();
    expect(within(panel).getByText('Mbabane Motors')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('feed-details-title'));
    fireEvent.pointerDown(panel, { clientX: 100, clientY: 300 });
    fireEvent.pointerUp(panel, { clientX: 200, clientY: 300 });
    expect(screen.getByRole('dialog', { name: '2020 Toyota Model 1' })).toBeTruthy();
    fireEvent.pointerDown(panel, { clientX: 100, clientY: 300 });
    fireEvent.pointerUp(panel, { clientX: 201, clientY: 300 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '2020 Toyota Model 1' })).toBeNull());
  });
});

describe('TiktokView: message and share', () => {
  it('Message opens login when logged out, and the chat with the dealer about this car when signed in', async () => {
    const loggedOut = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await loggedOut.user.click(screen.getByRole('button', { name: 'Message seller' }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    cleanup();
    resetNavigation();
    signIn();
    const signedIn = renderFeed({}, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await signedIn.user.click(screen.getByRole('button', { name: 'Message seller' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'chat', chatUserId: 'd1', carId: 'c1' });
  });

  it('shares with the device sheet, else copies the link, and counts the share', async () => {
    api.on('POST /cars/c1/share', ok({ shares: 1 }));
    const copyToClipboard = vi.fn(() => Promise.resolve());
    const { user } = renderFeed({ share: () => Promise.resolve(false), copyToClipboard });
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeTruthy();
    expect(copyToClipboard).toHaveBeenCalledWith(`${window.location.origin}/cars/c1`);
    await waitFor(() => expect(callsTo('POST', '/cars/c1/share')).toHaveLength(1));
  });
});

describe('TiktokView: details on phones', () => {
  it('opens from the details button, takes focus, closes on Escape and gives focus back', async () => {
    const { user } = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    const button = screen.getByRole('button', { name: 'Show details' });
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: '2020 Toyota Model 1' }, { timeout: 5000 });
    await waitFor(() => expect(document.activeElement?.id).toBe('feed-details-title'));
    // Arrow keys belong to the panel while it covers the video.
    await user.keyboard('{ArrowDown}');
    expect(currentTitle().textContent).toBe('2020 Toyota Model 1');
    expect(within(panel).getByRole('button', { name: 'View full details' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '2020 Toyota Model 1' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show details' }));
  });
});

describe('TiktokView: wide screens', () => {
  it('shows the video at left and the details at right, following the current car', async () => {
    setViewport(1280, 800);
    const { user } = renderFeed();
    const details = await screen.findByRole(
      'complementary',
      { name: '2020 Toyota Model 1' },
      { timeout: 5000 },
    );
    expect(within(details).getByRole('heading', { name: 'Specifications' })).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Close details' })).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('complementary', { name: '2020 Toyota Model 2' })).toBeTruthy();
  });

  it("the panel's 'Visit dealer store' opens the dealer's profile over the feed, not the dashboard", async () => {
    setViewport(1280, 800);
    api.on('GET /dealers/d1', ok({ id: 'd1', name: 'Mbabane Motors', location: 'Mbabane', activeCars: 3 }));
    api.on('GET /dealers/d1/cars', ok({ cars: [] }));
    api.on('GET /dealers/d1/reviews', ok({ reviews: [], page: 1, limit: 10, total: 0 }));
    const { user } = renderFeed();
    const details = await screen.findByRole(
      'complementary',
      { name: '2020 Toyota Model 1' },
      { timeout: 5000 },
    );
    await user.click(within(details).getByRole('button', { name: 'Contact Dealer' }));
    await user.click(await screen.findByRole('button', { name: 'Visit dealer store' }));
    const store = await screen.findByRole('dialog', { name: 'Mbabane Motors' });
    expect(await within(store).findByText('No cars available right now.')).toBeTruthy();
    expect(useNavigation.getState().view).toBe('tiktok');
  });
});

describe('TiktokView: likes', () => {
  it('asks a logged-out visitor to log in, with the exact words, and opens the login page', async () => {
    const { user } = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await user.click(likeButton());
    expect(await screen.findByText(LOGIN_PROMPT_TEXT)).toBeTruthy();
    expect(LOGIN_PROMPT_TEXT).toBe('Please login to like cars, leave comments, and access all features.');
    expect(callsTo('POST', '/cars/c1/like')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    await waitFor(() => expect(screen.queryByText(LOGIN_PROMPT_TEXT)).toBeNull());
  });

  it('likes at once, vibrates, then takes the server count', async () => {
    signIn();
    let answer!: () => void;
    api.on(
      'POST /cars/c1/like',
      () =>
        new Promise((resolve) => {
          answer = () => resolve(ok({ liked: true, totalLikes: 9 }));
        }),
    );
    const vibrate = vi.fn();
    const { user } = renderFeed({ vibrate }, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('5'));
    await user.click(likeButton());
    expect(screen.getByTestId('like-count').textContent).toBe('6');
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(vibrate).toHaveBeenCalledWith(50);
    await waitFor(() => expect(callsTo('POST', '/cars/c1/like')).toHaveLength(1));
    expect(callsTo('POST', '/cars/c1/like')[0]!.authorization).toBe('Bearer a');
    answer();
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('9'));
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
  });

  /** The buyer's own like status of c1 (3 likes) held back until the returned function is called. */
  function holdLikeStatus(isLiked: boolean): () => void {
    let answer!: () => void;
    api.on(
      'POST /cars/likes/batch-status',
      () =>
        new Promise((resolve) => {
          answer = () => resolve(ok({ c1: { isLiked, totalLikes: 3 } }));
        }),
    );
    return () => answer();
  }

  it("keeps a tap made before the buyer's own like status as a like asked for, answered once it arrives", async () => {
    signIn();
    const answer = holdLikeStatus(false);
    api.on('POST /cars/c1/like', ok({ liked: true, totalLikes: 4 }));
    const { user } = renderFeed({}, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await waitFor(() => expect(callsTo('POST', '/cars/likes/batch-status')).toHaveLength(1));
    expect(likeButton().getAttribute('aria-busy')).toBe('true');
    await user.click(likeButton());
    expect(callsTo('POST', '/cars/c1/like')).toHaveLength(0);
    answer();
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(callsTo('POST', '/cars/c1/like')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('4'));
  });

  it('leaves a car the buyer already liked as it is when the early tap is answered, and the next tap unlikes', async () => {
    signIn();
    const answer = holdLikeStatus(true);
    api.on('POST /cars/c1/like', ok({ liked: false, totalLikes: 2 }));
    const { user } = renderFeed({}, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await waitFor(() => expect(likeButton().getAttribute('aria-busy')).toBe('true'));
    await user.click(likeButton());
    answer();
    await waitFor(() => expect(likeButton().getAttribute('aria-busy')).toBeNull());
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(callsTo('POST', '/cars/c1/like')).toHaveLength(0);
    await user.click(likeButton());
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('2'));
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
  });

  it('reads busy while the stored session is checked; a visitor who tapped then is asked to log in', async () => {
    useSession.setState({ status: 'loading', user: null });
    const { user } = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await waitFor(() => expect(likeButton().getAttribute('aria-busy')).toBe('true'));
    await user.click(likeButton());
    expect(screen.queryByRole('dialog')).toBeNull();
    useSession.setState({ status: 'anonymous', user: null });
    expect(
      await screen.findByText('Please login to like cars, leave comments, and access all features.'),
    ).toBeTruthy();
    expect(callsTo('POST', '/cars/c1/like')).toHaveLength(0);
  });

  it('rolls back when the server fails, and never counts below 0', async () => {
    signIn();
    api.on('POST /cars/likes/batch-status', ok({ c1: { isLiked: true, totalLikes: 0 } }));
    let answer!: () => void;
    api.on(
      'POST /cars/c1/like',
      () =>
        new Promise((resolve) => {
          answer = () => resolve(fail(500, 'Database unavailable'));
        }),
    );
    const { user } = renderFeed({}, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));
    await user.click(likeButton());
    expect(screen.getByTestId('like-count').textContent).toBe('0');
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(callsTo('POST', '/cars/c1/like')).toHaveLength(1));
    answer();
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('like-count').textContent).toBe('0');
    expect(await screen.findByText('Could not remove your like')).toBeTruthy();
  });
});

describe('TiktokView: comments', () => {
  const comment = (overrides: Record<string, unknown> = {}) => ({
    id: 'k1',
    _id: 'k1',
    carId: 'c1',
    userId: 'u2',
    userName: 'Sipho',
    comment: 'Does it have a tow bar?',
    createdAt: new Date().toISOString(),
    likes: 2,
    isLiked: false,
    replies: [] as unknown[],
    ...overrides,
  });
  let stored: ReturnType<typeof comment>[];

  beforeEach(() => {
    stored = [comment()];
    api.on('GET /cars/c1/comments', () => ok({ comments: stored, page: 1, limit: 10, total: stored.length }));
    api.on('POST /cars/c1/comments', (call) => {
      const text = (call.body as { comment: string }).comment;
      const created = comment({ id: 'k2', _id: 'k2', userName: 'Thandi Dlamini', comment: text, likes: 0 });
      stored = [created, ...stored];
      return { status: 201, body: { success: true, data: created } };
    });
    api.on('POST /cars/comments/k1/reply', (call) => {
      const text = (call.body as { comment: string }).comment;
      const reply = {
        ...comment({ id: 'r1', _id: 'r1', userName: 'Thandi Dlamini', comment: text, likes: 0 }),
      };
      stored = stored.map((c) => (c.id === 'k1' ? { ...c, replies: [reply] } : c));
      return { status: 201, body: { success: true, data: reply } };
    });
  });

  async function openComments(signedIn: boolean) {
    if (signedIn) signIn();
    const rendered = renderFeed({}, signedIn);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await rendered.user.click(screen.getByRole('button', { name: 'Comments' }));
    await screen.findByText('Does it have a tow bar?');
    return rendered;
  }

  it('checks the text before sending: empty and over 1,000 characters are refused and nothing is sent', async () => {
    const { user } = await openComments(true);
    const box = screen.getByLabelText('Add a comment');
    await user.type(box, '    ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Comment is required');
    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Comment must be at most 1000 characters'),
    );
    expect(callsTo('POST', '/cars/c1/comments')).toHaveLength(0);
  });

  it('adds a trimmed comment, shown as text, and replies to one', async () => {
    const { user } = await openComments(true);
    await user.type(screen.getByLabelText('Add a comment'), '  <b>Still available?</b>  ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Comments' })).getByText('<b>Still available?</b>').tagName,
      ).toBe('P'),
    );
    expect(callsTo('POST', '/cars/c1/comments')[0]!.body).toEqual({ comment: '<b>Still available?</b>' });
    expect(screen.getByLabelText<HTMLTextAreaElement>('Add a comment').value).toBe('');

    const first = screen.getByText('Does it have a tow bar?').closest('li')!;
    await user.click(within(first).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Reply to Sipho'), 'Yes, a factory one.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const replies = await screen.findByRole('list', { name: 'Replies to Sipho' });
    expect(within(replies).getByText('Yes, a factory one.')).toBeTruthy();
    expect(callsTo('POST', '/cars/comments/k1/reply')[0]!.body).toEqual({ comment: 'Yes, a factory one.' });
  });

  it('likes a comment optimistically and rolls back on failure', async () => {
    let failNext = false;
    api.on('POST /cars/comments/k1/like', () =>
      failNext ? fail(500, 'Database unavailable') : ok({ liked: true, totalLikes: 7 }),
    );
    const { user } = await openComments(true);
    const like = () => screen.getByRole('button', { name: /comment by Sipho$/ });
    await user.click(like());
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(screen.getByLabelText('7 likes')).toBeTruthy());
    failNext = true;
    await user.click(like());
    await waitFor(() => expect(callsTo('POST', '/cars/comments/k1/like')).toHaveLength(2));
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByLabelText('7 likes')).toBeTruthy();
  });

  it('shows the dealer reviews in the same sheet', async () => {
    api.on(
      'GET /dealers/d1/reviews',
      ok({
        reviews: [
          {
            id: 'v1',
            _id: 'v1',
            dealerId: 'd1',
            userId: 'u9',
            userName: 'Lindiwe',
            rating: 5,
            comment: 'Fair price, quick paperwork.',
            createdAt: '2026-02-01T10:00:00.000Z',
          },
        ],
        page: 1,
        limit: 10,
        total: 1,
      }),
    );
    const { user } = await openComments(false);
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByText('Fair price, quick paperwork.')).toBeTruthy();
    expect(screen.getByLabelText('5 out of 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Write a review' }));
    expect(await screen.findByText(LOGIN_PROMPT_TEXT)).toBeTruthy();
  });

  it('asks a logged-out visitor to log in before commenting, replying or liking a comment', async () => {
    const { user } = await openComments(false);
    await user.type(screen.getByLabelText('Add a comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(LOGIN_PROMPT_TEXT)).toBeTruthy();
    expect(callsTo('POST', '/cars/c1/comments')).toHaveLength(0);
  });

  it("raises the side action's comment count as soon as a comment is posted, and a reload shows the same", async () => {
    // The server's count: every stored comment and reply, as GET /cars/stats/batch counts them.
    let counted = 3;
    let hold: Promise<void> | null = null;
    api.on('POST /cars/stats/batch', async (call) => {
      await hold;
      const ids = (call.body as { carIds: string[] }).carIds;
      return ok(
        Object.fromEntries(
          ids.map((id) => [id, { likes: 5, comments: id === 'c1' ? counted : 0, shares: 0, isLiked: false }]),
        ),
      );
    });
    api.on('POST /cars/c1/comments', (call) => {
      counted += 1;
      const text = (call.body as { comment: string }).comment;
      const created = comment({ id: 'k3', _id: 'k3', userName: 'Thandi Dlamini', comment: text, likes: 0 });
      stored = [created, ...stored];
      return { status: 201, body: { success: true, data: created } };
    });
    // The open sheet hides the feed from the accessibility tree (and so its names); its side actions are still drawn.
    const actions = () =>
      within(document.querySelector<HTMLElement>('[role="group"][aria-label="Car actions"]')!);
    signIn();
    const { user } = renderFeed({}, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    expect(await actions().findByLabelText('3 comments')).toBeTruthy();

    await user.click(actions().getByRole('button', { name: 'Comments' }));
    await screen.findByText('Does it have a tow bar?');
    expect(screen.getByText('1 comment')).toBeTruthy();
    // The server's next count is held back: the side action shows the new count from the post's answer alone.
    let release = () => {};
    hold = new Promise<void>((resolve) => (release = resolve));
    await user.type(screen.getByLabelText('Add a comment'), 'Is the price negotiable?');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('Is the price negotiable?');
    expect(await actions().findByLabelText('4 comments')).toBeTruthy();
    expect(actions().getByText('4')).toBeTruthy();
    release();
    hold = null;
    await waitFor(() => expect(callsTo('POST', '/cars/stats/batch').length).toBeGreaterThan(1));
    expect(actions().getByLabelText('4 comments')).toBeTruthy();

    // A reload asks the server again and finds the same count.
    cleanup();
    renderFeed({}, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    expect(await actions().findByLabelText('4 comments')).toBeTruthy();
  });

  it("clears the comment box's error as the buyer types, and shows it again on a refused Post", async () => {
    const { user } = await openComments(true);
    const box = screen.getByLabelText('Add a comment');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Comment is required');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.type(box, ' ');
    expect(screen.queryByText('Comment is required')).toBeNull();
    expect(box.hasAttribute('aria-invalid')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Comment is required');
    await user.type(box, 'Service history?');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("titles the sheet for what its open tab shows: the car's comments, or the dealer's reviews", async () => {
    api.on('GET /dealers/d1/reviews', ok({ reviews: [], page: 1, limit: 10, total: 0 }));
    const { user } = await openComments(true);
    expect(screen.getByRole('dialog', { name: 'Comments on the 2020 Toyota Model 1' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByRole('dialog', { name: 'Reviews of Mbabane Motors' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Excellent/ })).toBeNull();
  });
});

describe('useFeedCars: AI results', () => {
  it('replaces the list with search results at the first car, shows the banner counts, and Show All resets', async () => {
    const { host } = memoryHost();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders host={host} baseUrl={api.baseUrl}>
        {children}
      </TestProviders>
    );
    const { result } = renderHook(() => useFeedCars(), { wrapper });
    await waitFor(() => expect(result.current.cars).toHaveLength(10));
    act(() => result.current.move('next'));
    act(() => result.current.move('next'));
    expect(result.current.index).toBe(2);
    const results = [car(31), car(32), car(33)].map((c) => ({ car: c, matchScore: 85, reasons: [] }));
    act(() => result.current.replaceWith({ results: results as never, label: 'family SUV' }));
    expect(result.current.index).toBe(0);
    expect(result.current.cars.map((c) => c.id)).toEqual(['c31', 'c32', 'c33']);
    expect(result.current.replaced).toEqual({ label: 'family SUV', shown: 3, total: 20 });
    expect(result.current.matches.get('c32')).toEqual({ matchScore: 85, reasons: [] });
    act(() => result.current.showAll());
    expect(result.current.replaced).toBeNull();
    expect(result.current.matches.size).toBe(0);
    expect(result.current.cars).toHaveLength(10);
    expect(result.current.index).toBe(0);
  });
});

describe('TiktokView: the conventions of TikTok and Reels', () => {
  const surface = () =>
    screen.getByRole('region', { name: 'Car videos' }).querySelector<HTMLElement>('[aria-roledescription]')!;
  const tap = (at: { x: number; y: number }, timeStamp: number) => {
    fireEvent.pointerDown(surface(), { clientX: at.x, clientY: at.y, pointerType: 'touch', timeStamp });
    fireEvent.pointerUp(surface(), { clientX: at.x + 2, clientY: at.y + 1, pointerType: 'touch', timeStamp });
  };
  const serveStats = () =>
    api.on('POST /cars/stats/batch', (call) => {
      const ids = (call.body as { carIds: string[] }).carIds;
      return ok(
        Object.fromEntries(ids.map((id) => [id, { likes: 5, comments: 12, shares: 1234, isLiked: false }])),
      );
    });

  it('a tap on the video pauses it and another plays it; a tap on a side button does not', async () => {
    const { user } = renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    tap({ x: 150, y: 300 }, 1000);
    expect(await screen.findByRole('button', { name: 'Play video' })).toBeTruthy();
    tap({ x: 150, y: 300 }, 3000);
    expect(await screen.findByRole('button', { name: 'Pause video' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeTruthy();
  });

  it('a double-tap likes once with a heart at the finger, keeps playing, and never unlikes', async () => {
    signIn();
    api.on('POST /cars/c1/like', ok({ liked: true, totalLikes: 6 }));
    renderFeed({}, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('5'));
    tap({ x: 120, y: 340 }, 1000);
    tap({ x: 124, y: 344 }, 1200);
    expect(screen.getByTestId('like-count').textContent).toBe('6');
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    const heart = screen.getByTestId('like-heart');
    // The viewport's box starts at 0,0 here, so the heart sits where the second tap lifted.
    expect([heart.style.left, heart.style.top]).toEqual(['126px', '345px']);
    await waitFor(() => expect(callsTo('POST', '/cars/c1/like')).toHaveLength(1));
    // A second double-tap on a liked car leaves it liked: no unlike is sent.
    tap({ x: 120, y: 340 }, 5000);
    tap({ x: 120, y: 340 }, 5100);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo('POST', '/cars/c1/like')).toHaveLength(1);
    expect(screen.getByTestId('like-count').textContent).toBe('6');
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeTruthy();
  });

  /** The buyer's own like status for the first page, held back until `answer` is called. */
  function serveLateLikeStatus(isLiked: boolean) {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('POST /cars/likes/batch-status', async (call) => {
      await answered;
      const ids = (call.body as { carIds: string[] }).carIds;
      return ok(Object.fromEntries(ids.map((id) => [id, { isLiked, totalLikes: 5 }])));
    });
    return answer;
  }

  it('a double-tap while the like status is loading likes once it arrives, with the heart at once', async () => {
    signIn();
    const answerStatus = serveLateLikeStatus(false);
    api.on('POST /cars/c1/like', ok({ liked: true, totalLikes: 6 }));
    renderFeed({}, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await waitFor(() => expect(likeButton().getAttribute('aria-busy')).toBe('true'));
    tap({ x: 120, y: 340 }, 1000);
    tap({ x: 124, y: 344 }, 1200);
    expect(screen.getByTestId('like-heart')).toBeTruthy();
    // Twice while waiting: still one like, never a like and an unlike.
    tap({ x: 120, y: 340 }, 2000);
    tap({ x: 120, y: 340 }, 2100);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo('POST', '/cars/c1/like')).toHaveLength(0);

    answerStatus();
    await waitFor(() => expect(callsTo('POST', '/cars/c1/like')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('6'));
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo('POST', '/cars/c1/like')).toHaveLength(1);
  });

  it('a double-tap while the like status is loading leaves a car the buyer already liked as it is', async () => {
    signIn();
    const answerStatus = serveLateLikeStatus(true);
    renderFeed({}, true);
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await waitFor(() => expect(likeButton().getAttribute('aria-busy')).toBe('true'));
    tap({ x: 120, y: 340 }, 1000);
    tap({ x: 124, y: 344 }, 1200);
    answerStatus();
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('5'));
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo('POST', '/cars/c1/like')).toHaveLength(0);
  });

  it('shows the counts under like, comments and share, and a name under every other button', async () => {
    serveStats();
    renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    expect(await screen.findByLabelText('12 comments')).toBeTruthy();
    expect(screen.getByLabelText('1,234 shares').textContent).toBe('1,234');
    expect(screen.getByLabelText('5 likes').textContent).toBe('5');
    const actions = within(screen.getByRole('group', { name: 'Car actions' }));
    for (const name of ['Like', 'Comments', 'Share', 'Message seller', 'Show details']) {
      expect(actions.getByRole('button', { name })).toBeTruthy();
    }
    expect(actions.getByText('Message')).toBeTruthy();
    expect(actions.getByText('Details')).toBeTruthy();
    // Each button has an icon of its own.
    const icons = actions.getAllByRole('button').map((b) => b.querySelector('svg')!.innerHTML);
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('closes the details panel on a rightward touch drag over 100 px, read from touch events', async () => {
    renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show details' }));
    const panel = await screen.findByRole('dialog', { name: '2020 Toyota Model 1' }, { timeout: 5000 });
    const finger = (x: number) => ({ clientX: x, clientY: 300, identifier: 0, target: panel });
    // The browser cancels the pointer once it sees a touch; the touch events still end where the finger lifted.
    fireEvent.pointerDown(panel, { clientX: 40, clientY: 300, pointerType: 'touch' });
    fireEvent.pointerCancel(panel, { pointerType: 'touch' });
    fireEvent.touchStart(panel, { touches: [finger(40)], changedTouches: [finger(40)] });
    fireEvent.touchEnd(panel, { touches: [], changedTouches: [finger(120)] });
    expect(screen.getByRole('dialog', { name: '2020 Toyota Model 1' })).toBeTruthy();
    fireEvent.touchStart(panel, { touches: [finger(40)], changedTouches: [finger(40)] });
    fireEvent.touchEnd(panel, { touches: [], changedTouches: [finger(160)] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '2020 Toyota Model 1' })).toBeNull());
  });

  it("never says Contact Dealer on a private seller's car", async () => {
    api.on(
      'GET /cars',
      ok({
        cars: [car(1, { sellerType: 'private', isPrivateSeller: true, dealerId: null })],
        total: 1,
        nextCursor: null,
      }),
    );
    renderFeed();
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show details' }));
    const panel = await screen.findByRole('dialog', { name: '2020 Toyota Model 1' }, { timeout: 5000 });
    expect(within(panel).getByRole('button', { name: 'Contact Seller' })).toBeTruthy();
    expect(within(panel).queryByText(/Contact Dealer/)).toBeNull();
  });
});
