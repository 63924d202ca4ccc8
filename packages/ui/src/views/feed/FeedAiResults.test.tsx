import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetNavigation } from '../../state/navigation.ts';
import { useSession } from '../../state/session.ts';
import { memoryHost, ok, startTestApi, type TestApiServer } from '../../testing/api-server.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import type { AiPanelProps } from '../../ai/ai-panels.ts';
import { TiktokView } from './TiktokView.tsx';

// What the server ranked, best first: each car with its own score and reasons.
const SERVER_RESULTS = vi.hoisted(() => [
  { n: 31, matchScore: 92, reasons: ['Seats 7 for the school run', 'Within your budget'] },
  { n: 32, matchScore: 64, reasons: ['Low mileage for a 2022'] },
]);

// Only the AI panels' contract matters here (onResults), so a stand-in answers it.
vi.mock('../../ai/AiSearchPanel.tsx', () => ({
  AiSearchPanel: ({ onResults }: AiPanelProps) => (
    <button
      type="button"
      onClick={() =>
        onResults({
          label: 'family SUV',
          results: SERVER_RESULTS.map(({ n, matchScore, reasons }) => ({
            car: {
              id: `c${n}`,
              make: 'Kia',
              model: `Sorento ${n}`,
              year: 2022,
              videos: [],
              images: [],
              poster: null,
            },
            matchScore,
            reasons,
          })) as never,
        })
      }
    >
      Find family SUV
    </button>
  ),
}));

// The machine is shared; give slow moments room before a wait counts as a failure.
configure({ asyncUtilTimeout: 3000 });

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => cleanup());
beforeEach(() => {
  // A phone: the details panel (with its own copy of the title) stays closed.
  (
    window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width: 390,
    height: 844,
  });
  resetNavigation();
  useSession.setState({ status: 'anonymous', user: null });
  api.on(
    'GET /cars',
    ok({
      cars: Array.from({ length: 5 }, (_, i) => ({
        id: `c${i + 1}`,
        make: 'Toyota',
        model: `Model ${i + 1}`,
        year: 2020,
        videos: [],
        images: [],
      })),
      total: 57,
      nextCursor: 'next',
    }),
  );
  api.on('POST /cars/likes/batch-status', ok({}));
  api.on('POST /ai/pricing-insights', ok({ marketPrice: null, insights: null, marketPosition: null }));
  api.on('POST /cars/c1/views', ok({ views: 1 }));
  api.on('POST /cars/c2/views', ok({ views: 1 }));
  api.on('POST /cars/c31/views', ok({ views: 1 }));
  api.on('POST /cars/c32/views', ok({ views: 1 }));
});

const currentTitle = () => within(screen.getByTestId('feed-current')).getByRole('heading', { level: 2 });
const current = () => within(screen.getByTestId('feed-current'));

async function showSearchResults() {
  const user = userEvent.setup();
  const { host } = memoryHost();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <TiktokView />
    </TestProviders>,
  );
  await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
  await user.click(screen.getByRole('button', { name: 'AI Search' }));
  const modal = await screen.findByRole('dialog', { name: 'AI Search' });
  await user.click(within(modal).getByRole('button', { name: 'Find family SUV' }));
  return user;
}

describe('TiktokView: AI results', () => {
  it('hosts the AI search in a modal, replaces the list from the first car, and Show All brings every car back', async () => {
    const user = userEvent.setup();
    const { host } = memoryHost();
    render(
      <TestProviders host={host} baseUrl={api.baseUrl}>
        <TiktokView />
      </TestProviders>,
    );
    await screen.findByRole('heading', { level: 2, name: '2020 Toyota Model 1' });
    await user.keyboard('{ArrowDown}');
    expect(currentTitle().textContent).toBe('2020 Toyota Model 2');

    await user.click(screen.getByRole('button', { name: 'AI Search' }));
    const modal = await screen.findByRole('dialog', { name: 'AI Search' });
    await user.click(within(modal).getByRole('button', { name: 'Find family SUV' }));
    expect(screen.queryByRole('dialog', { name: 'AI Search' })).toBeNull();
    expect(currentTitle().textContent).toBe('2022 Kia Sorento 31');
    expect(screen.getByText('Showing 2 of 57 cars, Filters are active')).toBeTruthy();
    // A car without a video shows its (missing) poster placeholder rather than an empty player.
    expect(screen.getByRole('img', { name: 'No video of the 2022 Kia Sorento 31' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show All' }));
    expect(currentTitle().textContent).toBe('2020 Toyota Model 1');
    expect(screen.queryByText(/Filters are active/)).toBeNull();
  });

  it("shows each result's own score and reasons on its slide, in the server's order", async () => {
    const user = await showSearchResults();
    const seen: { title: string; score: string; colour: string | null; reasons: string[] }[] = [];
    for (let shown = 0; shown < SERVER_RESULTS.length; shown += 1) {
      const badge = current().getByText(/% Match$/);
      seen.push({
        title: currentTitle().textContent ?? '',
        score: badge.textContent ?? '',
        colour: badge.getAttribute('data-colour'),
        reasons: current()
          .getAllByRole('listitem')
          .map((item) => item.textContent ?? ''),
      });
      await user.keyboard('{ArrowDown}');
    }
    expect(seen).toEqual([
      {
        title: '2022 Kia Sorento 31',
        score: '92% Match',
        colour: 'green',
        reasons: ['Seats 7 for the school run', 'Within your budget'],
      },
      {
        title: '2022 Kia Sorento 32',
        score: '64% Match',
        colour: 'blue',
        reasons: ['Low mileage for a 2022'],
      },
    ]);
    expect(current().getByRole('list', { name: 'Why it matches' })).toBeTruthy();

    // Every car again: no scores, since nothing was matched.
    await user.click(screen.getByRole('button', { name: 'Show All' }));
    expect(currentTitle().textContent).toBe('2020 Toyota Model 1');
    expect(screen.queryByText(/% Match$/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Why it matches' })).toBeNull();
  });
});
