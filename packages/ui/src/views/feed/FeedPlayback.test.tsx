import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeDataSaver } from '../../platform/data-saver.ts';
import { resetNavigation } from '../../state/navigation.ts';
import { useSession } from '../../state/session.ts';
import { memoryHost, ok, startTestApi, type TestApiServer } from '../../testing/api-server.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import { resetPlaybackEnvironment } from './feed-playback.ts';
import { TiktokView } from './TiktokView.tsx';

/**
 * The feed's choice of player and of what it fetches ahead, in the page: native HLS where the browser has it,
 * hls.js elsewhere (falling back to the MP4 when it cannot play), the lowest rendition alone and no segment fetched
 * ahead on Data saver or Save-Data. The rules themselves are core's (video/playback-policy.ts).
 */
configure({ asyncUtilTimeout: 5000 });

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const ladder = (n: number) => ({
  master: `https://cdn.test/hls/${n}/master.m3u8`,
  lowest: `https://cdn.test/hls/${n}/r0.m3u8`,
  preload: [`https://cdn.test/hls/${n}/r0.init.mp4`, `https://cdn.test/hls/${n}/r0.s0.m4s`],
});

const car = (n: number) => ({
  id: `c${n}`,
  _id: `c${n}`,
  make: 'Toyota',
  model: `Model ${n}`,
  year: 2020,
  mileage: 1000,
  fuelType: 'Petrol',
  transmission: 'Automatic',
  bodyType: 'SUV',
  condition: 'Used',
  features: [],
  description: 'A clean car.',
  images: [],
  poster: `https://cdn.test/posters/${n}.jpg`,
  videos: [`https://cdn.test/videos/${n}.mp4`],
  videoStreams: [ladder(n)],
  price: 100000,
  formattedPrice: null,
  currency: { symbol: 'E' },
  status: 'active',
  sellerType: 'dealer',
  dealerName: 'Mbabane Motors',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

let fetched: string[];
let connection: { saveData?: boolean; effectiveType?: string } | undefined;

beforeEach(() => {
  // A phone: the details sit behind a tap, so the car's title is one heading.
  const win = window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } };
  win.happyDOM.setViewport({ width: 390, height: 844 });
  api.calls.length = 0;
  resetNavigation();
  resetPlaybackEnvironment();
  useSession.setState({ status: 'anonymous', user: null });
  window.localStorage.clear();
  api.on('GET /cars', ok({ cars: [car(1), car(2), car(3)], total: 3, nextCursor: null }));
  api.on('POST /cars/likes/batch-status', ok({}));
  for (let n = 1; n <= 3; n += 1) api.on(`POST /cars/c${n}/views`, ok({ views: 1 }));
  // Only what the feed fetches ahead goes to cdn.test: recorded, never sent.
  fetched = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('https://cdn.test/')) return realFetch(input, init);
    fetched.push(url);
    return Promise.resolve(new Response(new Uint8Array(4)));
  });
  connection = undefined;
  Object.defineProperty(navigator, 'connection', { configurable: true, get: () => connection });
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'MediaSource');
  await new Promise((resolve) => setTimeout(resolve, 50));
});

function nativeHls(on: boolean) {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) =>
    on && type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
  );
}

async function firstVideo(): Promise<HTMLVideoElement> {
  render(
    <TestProviders host={memoryHost().host} baseUrl={api.baseUrl}>
      <TiktokView />
    </TestProviders>,
  );
  await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
  const current = within(screen.getByTestId('feed-current'));
  // The first car's video waits for its poster photo.
  fireEvent.load(current.getByTestId('feed-poster'));
  return current.getByLabelText<HTMLVideoElement>('Video of the 2020 Toyota Model 1');
}

const nextVideo = () => screen.getByLabelText<HTMLVideoElement>('Video of the 2020 Toyota Model 2');

describe('feed playback', { timeout: 20_000 }, () => {
  it("plays the master playlist in the browser's own HLS player and fetches the next car's first segment", async () => {
    nativeHls(true);
    const video = await firstVideo();
    expect(video.dataset['playback']).toBe('native-hls');
    expect(video.getAttribute('src')).toBe('https://cdn.test/hls/1/master.m3u8');
    // The next car has no player yet: its first segment (lowest rendition) is fetched ahead instead.
    expect(nextVideo().getAttribute('src')).toBeNull();
    expect(nextVideo().getAttribute('preload')).toBe('none');
    await waitFor(() => expect(fetched).toEqual(ladder(2).preload));
    // And its poster a moment later.
    await waitFor(() => expect(nextVideo().parentElement!.querySelector('img')).toBeTruthy());
  });

  it('gives a native player the lowest rendition alone and fetches nothing ahead on Data saver', async () => {
    nativeHls(true);
    writeDataSaver(true);
    const video = await firstVideo();
    expect(video.getAttribute('src')).toBe('https://cdn.test/hls/1/r0.m3u8');
    expect(video.dataset['lowData']).toBe('setting');
    await waitFor(() => expect(nextVideo().parentElement!.querySelector('img')).toBeTruthy());
    expect(fetched).toEqual([]);
  });

  it("does the same on the browser's Save-Data and on a 3g connection", async () => {
    nativeHls(true);
    connection = { saveData: true, effectiveType: '4g' };
    let video = await firstVideo();
    expect(video.getAttribute('src')).toBe('https://cdn.test/hls/1/r0.m3u8');
    expect(video.dataset['lowData']).toBe('save-data');
    cleanup();
    connection = { effectiveType: '3g' };
    video = await firstVideo();
    expect(video.dataset['lowData']).toBe('slow-network');
    expect(fetched).toEqual([]);
  });

  it('plays the ladder through hls.js elsewhere, and the MP4 when hls.js cannot play it', async () => {
    nativeHls(false);
    // Media Source Extensions, as every desktop and Android browser has; the playlist cannot load here.
    Object.defineProperty(window, 'MediaSource', {
      configurable: true,
      value: Object.assign(function MediaSource() {}, { isTypeSupported: () => true }),
    });
    const video = await firstVideo();
    expect(video.dataset['playback']).toBe('hls.js');
    await waitFor(() => expect(video.getAttribute('src')).toBe('https://cdn.test/videos/1.mp4'), {
      timeout: 15_000,
    });
  });

  it('plays the MP4 of a video without a ladder, without a way to play one', async () => {
    nativeHls(false);
    const video = await firstVideo();
    expect(video.dataset['playback']).toBe('mp4');
    expect(video.getAttribute('src')).toBe('https://cdn.test/videos/1.mp4');
    expect(nextVideo().getAttribute('src')).toBe('https://cdn.test/videos/2.mp4');
  });
});
