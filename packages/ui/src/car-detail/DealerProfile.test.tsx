import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
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
import { DealerProfile } from './DealerProfile.tsx';

// The machine is shared; give slow moments room before a wait counts as a failure.
configure({ asyncUtilTimeout: 3000 });

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(async () => {
  cleanup();
  // Let requests of the closed profile land before the next test clears the recorded calls.
  await new Promise((resolve) => setTimeout(resolve, 50));
});

const review = (n: number) => ({
  id: `r${n}`,
  _id: `r${n}`,
  dealerId: 'd1',
  userId: `u${n}`,
  userName: `Buyer ${n}`,
  rating: 4,
  comment: `Review number ${n}`,
  createdAt: '2026-03-01T10:00:00.000Z',
});

let reviews: ReturnType<typeof review>[];

beforeEach(() => {
  api.calls.length = 0;
  resetNavigation();
  reviews = Array.from({ length: 12 }, (_, i) => review(i + 1));
  api.on(
    'GET /dealers/d1',
    ok({
      id: 'd1',
      _id: 'd1',
      name: 'Mbabane Motors',
      location: 'Mbabane',
      phone: '+268 7600 0002',
      isVerified: true,
      rating: 4.5,
      reviewCount: 12,
      activeCars: 42,
      businessHours: {},
    }),
  );
  api.on(
    'GET /dealers/d1/cars',
    ok({
      cars: [
        { id: 'c7', make: 'Toyota', model: 'Hilux', year: 2021, price: 450000, status: 'active' },
        { id: 'c8', make: 'BMW', model: 'X3', year: 2019, price: 380000, status: 'sold' },
      ],
      total: 2,
      nextCursor: null,
    }),
  );
  api.on('GET /dealers/d1/reviews', (call) => {
    const page = Number(call.query.page);
    const limit = Number(call.query.limit);
    return ok({
      reviews: reviews.slice((page - 1) * limit, page * limit),
      page,
      limit,
      total: reviews.length,
    });
  });
});

function renderProfile(signedIn: boolean) {
  useSession.setState(
    signedIn
      ? { status: 'authenticated', user: normaliseUser(demoUser()) }
      : { status: 'anonymous', user: null },
  );
  const { host } = memoryHost(signedIn ? { tokens: { accessToken: 'a', refreshToken: 'r' } } : {});
  const onClose = vi.fn();
  const onLoginRequired = vi.fn();
  const user = userEvent.setup();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <DealerProfile
        dealerId="d1"
        carId="c1"
        signedIn={signedIn}
        onClose={onClose}
        onLoginRequired={onLoginRequired}
      />
    </TestProviders>,
  );
  return { user, onClose, onLoginRequired };
}

describe('DealerProfile', () => {
  it('shows name, location, stats, Call and the available cars', async () => {
    const { user, onClose } = renderProfile(false);
    const dialog = await screen.findByRole('dialog', { name: 'Mbabane Motors' });
    expect(await within(dialog).findByText('Mbabane')).toBeTruthy();
    expect(within(dialog).getByText('Verified Dealer')).toBeTruthy();
    expect(within(dialog).getByText('42')).toBeTruthy();
    expect(within(dialog).getByText('★ 4.5')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+26876000002');
    // Sold cars are not 'available'.
    const hilux = await within(dialog).findByRole('button', { name: /2021 Toyota Hilux/ });
    expect(within(dialog).queryByText(/2019 BMW X3/)).toBeNull();
    await user.click(hilux);
    expect(onClose).toHaveBeenCalled();
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'c7' });
  });

  it('Message opens login when logged out and the chat with the dealer when signed in', async () => {
    const loggedOut = renderProfile(false);
    await loggedOut.user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    cleanup();
    resetNavigation();
    const signedIn = renderProfile(true);
    await signedIn.user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'chat', chatUserId: 'd1', carId: 'c1' });
  });

  it('lists reviews ten at a time with Load More, and says so when there are none', async () => {
    const { user } = renderProfile(false);
    expect(await screen.findByText('Review number 10')).toBeTruthy();
    expect(screen.queryByText('Review number 11')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Review number 12')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(api.calls.filter((c) => c.path === '/dealers/d1/reviews').map((c) => c.query.page)).toEqual([
      '1',
      '2',
    ]);
    cleanup();
    reviews = [];
    renderProfile(false);
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });

  it('asks a logged-out visitor to log in to write a review', async () => {
    const { user, onLoginRequired } = renderProfile(false);
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    expect(onLoginRequired).toHaveBeenCalled();
  });

  it('checks a review before sending, sends it, and shows the server refusal', async () => {
    api.on('POST /dealers/d1/reviews', (call) => {
      const body = call.body as { rating: number; comment: string };
      reviews = [{ ...review(99), rating: body.rating, comment: body.comment }, ...reviews];
      return { status: 201, body: { success: true, data: { review: reviews[0] } } };
    });
    const { user } = renderProfile(true);
    await screen.findByText('Review number 1');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    // Each message sits under its own field.
    const stars = screen.getByRole('radiogroup', { name: 'Your rating' });
    await waitFor(() => expect(stars.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Rating is required').getAttribute('role')).toBe('alert');
    expect(screen.getByText('Comment is required')).toBeTruthy();
    // Choosing a star clears the rating's message; the comment's stays until the buyer types.
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(screen.queryByText('Rating is required')).toBeNull();
    expect(screen.getByText('Comment is required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Comment is required');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Your review'), '  Honest and quick.  ');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Thank you, your review is saved.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      rating: 5,
      comment: 'Honest and quick.',
    });
    await waitFor(() => expect(screen.getAllByText('Honest and quick.').length).toBeGreaterThan(0));

    api.on('POST /dealers/d1/reviews', fail(403, 'You cannot review your own dealership'));
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    await user.type(screen.getByLabelText('Your review'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot review your own dealership');
  });

  it('rates with stars: a radio group of five, chosen by tap or by the arrow keys, showing the value', async () => {
    const { user } = renderProfile(true);
    await screen.findByText('Review number 1');
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(screen.getByText('Not rated')).toBeTruthy();
    // One tab stop: the first star until one is chosen.
    expect(stars.map((star) => star.tabIndex)).toEqual([0, -1, -1, -1, -1]);

    // A tap (a touch pointer) on the fourth star.
    await user.pointer({ keys: '[TouchA]', target: within(group).getByRole('radio', { name: '4 stars' }) });
    expect(within(group).getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    expect(within(group).getAllByRole('radio', { checked: true })).toHaveLength(1);
    expect(screen.getByText('4 stars: Very Good')).toBeTruthy();

    // The keyboard: arrows move the choice and the focus, Home and End go to the ends.
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { checked: true }).getAttribute('aria-label')).toBe('5 stars');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('5 stars');
    await user.keyboard('{Home}');
    expect(within(group).getByRole('radio', { checked: true }).getAttribute('aria-label')).toBe('1 star');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    const four = within(group).getByRole('radio', { name: '4 stars' });
    expect(four.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(four);
    expect(four.tabIndex).toBe(0);
    expect(screen.getByText('4 stars: Very Good')).toBeTruthy();

    api.on('POST /dealers/d1/reviews', (call) => ({
      status: 201,
      body: { success: true, data: { review: { ...review(50), ...(call.body as object) } } },
    }));
    await user.type(screen.getByLabelText('Your review'), 'Good service.');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Thank you, your review is saved.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ rating: 4, comment: 'Good service.' });
  });
});
