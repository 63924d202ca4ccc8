import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  demoUser,
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../../testing/api-server.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import { resetNavigation, useNavigation } from '../../state/navigation.ts';
import { normaliseUser, useSession } from '../../state/session.ts';
import { BecomeSellerView } from './BecomeSellerView.tsx';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
  resetNavigation();
  api.on('GET /auth/me', ok({ user: demoUser() }));
});
afterEach(() => cleanup());

const application = (overrides: Record<string, unknown> = {}) => ({
  id: 'a1',
  _id: 'a1',
  userId: 'u1',
  status: 'pending',
  businessName: 'Mbabane Motors',
  businessType: 'dealer',
  location: 'Mbabane, Eswatini',
  reviewNotes: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

const car = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  make: 'Toyota',
  model: 'Corolla',
  year: 2018,
  price: 120000,
  images: [],
  videos: [],
  status: 'active',
  features: [],
  ...overrides,
});

/** Renders the view for a signed-in user (or logged out with `user: null`). */
function renderSell(user: Record<string, unknown> | null = demoUser()) {
  const { host } = memoryHost({ tokens: user ? { accessToken: 'at', refreshToken: 'rt' } : null, user });
  useSession.setState(
    user ? { status: 'authenticated', user: normaliseUser(user) } : { status: 'anonymous', user: null },
  );
  const events = userEvent.setup();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <BecomeSellerView />
    </TestProviders>,
  );
  return events;
}

const callsTo = (method: string, path: string) =>
  api.calls.filter((c) => c.method === method && c.path === path);

describe('BecomeSellerView', () => {
  it('asks a logged-out visitor to sign in and opens the login overlay', async () => {
    const user = renderSell(null);
    expect(screen.getByRole('heading', { name: 'Sign in to sell your car' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('shows the two tabs when there is no application, dealer form first', async () => {
    api.on('GET /dealer-applications/my-application', ok(null));
    const user = renderSell();
    expect(screen.getByRole('status', { name: 'Checking your seller status' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Become a Dealer' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sell Privately' })).toBeTruthy();
    expect(screen.getByLabelText('Dealership Name')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Sell Privately' }));
    expect(await screen.findByRole('button', { name: 'Register as Private Seller' })).toBeTruthy();
    expect(screen.queryByLabelText('Dealership Name')).toBeNull();
    expect(screen.getByText('city and country')).toBeTruthy();
  });

  it('checks the dealer form before sending: both fields required, errors under the inputs', async () => {
    api.on('GET /dealer-applications/my-application', ok(null));
    const user = renderSell();
    await user.click(await screen.findByRole('button', { name: 'Submit Application' }));
    expect(screen.getByText('Please fix the errors below.')).toBeTruthy();
    const name = screen.getByLabelText('Dealership Name');
    const location = screen.getByLabelText('Location');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(name.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent,
    ).toBe('Dealership name is required');
    expect(location.getAttribute('aria-describedby')).toContain('error');
    expect(screen.getByText('Location is required')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    // Blank text counts as missing, as on the server.
    await user.type(name, '   ');
    await user.type(location, 'Manzini');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(screen.getByText('Dealership name is required')).toBeTruthy();
    expect(screen.queryByText('Location is required')).toBeNull();
    expect(callsTo('POST', '/dealer-applications')).toHaveLength(0);
  });

  it("shows the server's field errors (dealerName, location) under the matching inputs", async () => {
    api.on('GET /dealer-applications/my-application', ok(null));
    api.on('POST /dealer-applications', {
      status: 400,
      body: {
        success: false,
        error: 'Please fix the errors below.',
        errors: [
          { field: 'dealerName', message: 'Dealership name must be at most 100 characters' },
          { field: 'location', message: 'Location must be at most 200 characters' },
        ],
      },
    });
    const user = renderSell();
    await user.type(await screen.findByLabelText('Dealership Name'), 'Mbabane Motors');
    await user.type(screen.getByLabelText('Location'), 'Mbabane');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Dealership name must be at most 100 characters')).toBeTruthy();
    expect(screen.getByText('Location must be at most 200 characters')).toBeTruthy();
    expect(screen.getByText('Please fix the errors below.')).toBeTruthy();
    expect(screen.getByLabelText('Dealership Name').getAttribute('aria-invalid')).toBe('true');
    // Editing a field clears its error only.
    await user.type(screen.getByLabelText('Dealership Name'), '!');
    expect(screen.queryByText('Dealership name must be at most 100 characters')).toBeNull();
    expect(screen.getByText('Location must be at most 200 characters')).toBeTruthy();
  });

  it('submits a dealer application, shows the success screen, then the application under review', async () => {
    api.on('GET /dealer-applications/my-application', ok(null));
    api.on('POST /dealer-applications', { status: 201, body: { success: true, data: application() } });
    const user = renderSell();
    await user.type(await screen.findByLabelText('Dealership Name'), '  Mbabane Motors ');
    await user.type(screen.getByLabelText('Location'), 'Mbabane, Eswatini');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeTruthy();
    const [post] = callsTo('POST', '/dealer-applications');
    expect(post?.body).toEqual({
      businessType: 'dealer',
      businessName: '  Mbabane Motors ',
      location: 'Mbabane, Eswatini',
    });
    expect(post?.authorization).toBe('Bearer at');
    await user.click(screen.getByRole('button', { name: 'View Application Status' }));
    expect(await screen.findByRole('heading', { name: 'Application Under Review' })).toBeTruthy();
    expect(screen.getByText('Mbabane Motors')).toBeTruthy();
  });

  it("shows the server's reason when an application is refused, and the fallback when it gives none", async () => {
    api.on('GET /dealer-applications/my-application', ok(null));
    api.on('POST /dealer-applications', { status: 500, body: { success: false } });
    const user = renderSell();
    await user.type(await screen.findByLabelText('Dealership Name'), 'Mbabane Motors');
    await user.type(screen.getByLabelText('Location'), 'Mbabane');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Failed to submit application. Please try again.')).toBeTruthy();

    // Rejected meanwhile: the API's words, and the page moves to the rejected state.
    api.on('POST /dealer-applications', fail(403, 'Your application was rejected. Please contact support.'));
    api.on('GET /dealer-applications/my-application', ok(application({ status: 'rejected' })));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Rejected' })).toBeTruthy();
  });

  it('under review: cancelling asks first, keeps the application on "Keep", withdraws it on confirm', async () => {
    api.on('GET /dealer-applications/my-application', ok(application()));
    api.on('DELETE /dealer-applications/my-application', ok({ cancelled: true }));
    const user = renderSell();
    expect(await screen.findByRole('heading', { name: 'Application Under Review' })).toBeTruthy();
    expect(screen.getByText('Mbabane, Eswatini')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('DELETE', '/dealer-applications/my-application')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel application' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('tab', { name: 'Become a Dealer' })).toBeTruthy();
    expect(callsTo('DELETE', '/dealer-applications/my-application')).toHaveLength(1);
    expect(await screen.findByText('Application cancelled')).toBeTruthy();
  });

  it('under review: a failed cancel says so and leaves the application as it was', async () => {
    api.on('GET /dealer-applications/my-application', ok(application()));
    api.on('DELETE /dealer-applications/my-application', fail(500, 'Database unavailable'));
    const user = renderSell();
    await user.click(await screen.findByRole('button', { name: 'Cancel application' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Failed to cancel application. Please try again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep application' }));
    expect(await screen.findByRole('heading', { name: 'Application Under Review' })).toBeTruthy();
    expect(callsTo('DELETE', '/dealer-applications/my-application')).toHaveLength(1);
  });

  it('rejected: no form, the contact-support message and the reviewer note', async () => {
    api.on(
      'GET /dealer-applications/my-application',
      ok(application({ status: 'rejected', reviewNotes: 'Business licence missing' })),
    );
    const user = renderSell();
    expect(await screen.findByRole('heading', { name: 'Application Rejected' })).toBeTruthy();
    expect(screen.getByText(/Your application was rejected\. Please contact support\./)).toBeTruthy();
    expect(screen.getByText(/Business licence missing/)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Contact Support' }));
    expect(useNavigation.getState().view).toBe('account');
  });

  it('a dealer sees the listing form; Manage My Cars opens the dashboard inventory', async () => {
    const user = renderSell(demoUser({ role: 'dealer', type: 'dealer', dealerId: 'd1' }));
    expect(screen.getByRole('heading', { name: 'List Your Car' })).toBeTruthy();
    expect(screen.getByText('Dealer Account')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Manage My Cars' }));
    await waitFor(() => expect(useNavigation.getState().view).toBe('dealer'));
    expect(useNavigation.getState().dealerTab).toBe('inventory');
    expect(callsTo('GET', '/dealer-applications/my-application')).toHaveLength(0);
  });

  it('an approved application shows the listing form and re-reads the user, who is now a dealer', async () => {
    api.on('GET /dealer-applications/my-application', ok(application({ status: 'approved' })));
    api.on('GET /auth/me', ok({ user: demoUser({ role: 'dealer', type: 'dealer', dealerId: 'd1' }) }));
    renderSell();
    expect(await screen.findByRole('heading', { name: 'List Your Car' })).toBeTruthy();
    await waitFor(() => expect(useSession.getState().user?.role).toBe('dealer'));
    expect(screen.getByRole('heading', { name: 'List Your Car' })).toBeTruthy();
  });

  it('registers a private seller in one step: location required, then success and the listing form', async () => {
    api.on('GET /dealer-applications/my-application', ok(null));
    api.on('POST /dealer-applications', {
      status: 201,
      body: {
        success: true,
        data: application({ status: 'approved', businessType: 'private', businessName: 'Thandi Dlamini' }),
      },
    });
    api.on('GET /auth/me', ok({ user: demoUser({ type: 'private', isPrivateSeller: true }) }));
    const user = renderSell();
    await user.click(await screen.findByRole('tab', { name: 'Sell Privately' }));
    await user.click(await screen.findByRole('button', { name: 'Register as Private Seller' }));
    expect(screen.getByText('Location is required')).toBeTruthy();
    expect(callsTo('POST', '/dealer-applications')).toHaveLength(0);

    await user.type(screen.getByLabelText('Location'), 'Manzini, Eswatini');
    await user.click(screen.getByRole('button', { name: 'Register as Private Seller' }));
    expect(
      await screen.findByRole('heading', { name: "You're registered as a Private Seller" }),
    ).toBeTruthy();
    expect(screen.getByText(/Your listings are marked Private Seller/)).toBeTruthy();
    expect(callsTo('POST', '/dealer-applications')[0]?.body).toEqual({
      businessType: 'private',
      location: 'Manzini, Eswatini',
    });
    await waitFor(() => expect(useSession.getState().user?.type).toBe('private'));
    await user.click(screen.getByRole('button', { name: 'List Your Car' }));
    expect(await screen.findByRole('heading', { name: 'List Your Car' })).toBeTruthy();
    expect(screen.getByText('Private Seller')).toBeTruthy();
  });

  it('a private seller manages their own cars: status change and delete after confirmation', async () => {
    api.on(
      'GET /dealer-applications/my-application',
      ok(application({ status: 'approved', businessType: 'private' })),
    );
    let cars = [car(), car({ id: 'c2', make: 'Mazda', model: 'CX-5', year: 2020, status: 'reserved' })];
    api.on('GET /cars/mine', () => ok({ cars, total: cars.length, nextCursor: null }));
    api.on('PUT /cars/c1', (call) => {
      cars = cars.map((c) => (c.id === 'c1' ? { ...c, ...(call.body as object) } : c));
      return ok(cars[0]);
    });
    api.on('DELETE /cars/c2', () => {
      cars = cars.filter((c) => c.id !== 'c2');
      return ok({ id: 'c2', deleted: true });
    });
    const user = renderSell(demoUser({ type: 'private', isPrivateSeller: true }));
    await user.click(await screen.findByRole('button', { name: 'Manage My Cars' }));
    expect(await screen.findByRole('heading', { name: 'My Cars' })).toBeTruthy();
    const status = await screen.findByLabelText('Status of 2018 Toyota Corolla');
    expect((status as HTMLSelectElement).value).toBe('active');
    expect(screen.getAllByText('E120,000')).toHaveLength(2);

    await user.selectOptions(status, 'sold');
    await waitFor(() => expect(callsTo('PUT', '/cars/c1')[0]?.body).toEqual({ status: 'sold' }));
    expect(await screen.findByText('2018 Toyota Corolla is now Sold')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete 2020 Mazda CX-5' }));
    await user.click(await screen.findByRole('button', { name: 'Delete car' }));
    await waitFor(() => expect(screen.queryByText('2020 Mazda CX-5')).toBeNull());
    expect(callsTo('DELETE', '/cars/c2')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'List a car' }));
    expect(await screen.findByRole('heading', { name: 'List Your Car' })).toBeTruthy();
  });

  it("a private seller's Load More shows the next page of their cars under the first", async () => {
    api.on('GET /dealer-applications/my-application', ok(null));
    api.on('GET /cars/mine', (call) =>
      call.query.cursor
        ? ok({
            cars: [car({ id: 'c2', make: 'Mazda', model: 'CX-5', year: 2020 })],
            total: 2,
            nextCursor: null,
          })
        : ok({ cars: [car()], total: 2, nextCursor: 'page-2' }),
    );
    const user = renderSell(demoUser({ type: 'private' }));
    await user.click(await screen.findByRole('button', { name: 'Manage My Cars' }));
    expect(await screen.findByLabelText('Status of 2018 Toyota Corolla')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByLabelText('Status of 2020 Mazda CX-5')).toBeTruthy();
    expect(screen.getByLabelText('Status of 2018 Toyota Corolla')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull());
    expect(callsTo('GET', '/cars/mine').map((call) => call.query.cursor ?? null)).toEqual([null, 'page-2']);
  });

  it("a private seller's failed list load and status change say so", async () => {
    api.on('GET /dealer-applications/my-application', ok(null));
    api.on('GET /cars/mine', fail(500, 'Database unavailable'));
    api.on('PUT /cars/c1', fail(403, 'You can only change your own cars'));
    const user = renderSell(demoUser({ type: 'private' }));
    await user.click(await screen.findByRole('button', { name: 'Manage My Cars' }));
    expect(
      await screen.findByRole('heading', { name: 'Failed to fetch cars' }, { timeout: 4000 }),
    ).toBeTruthy();
    api.on('GET /cars/mine', ok({ cars: [car()], total: 1, nextCursor: null }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.selectOptions(await screen.findByLabelText('Status of 2018 Toyota Corolla'), 'reserved');
    expect(await screen.findByText('Failed to update car')).toBeTruthy();
    expect(screen.getByText('You can only change your own cars')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Status of 2018 Toyota Corolla').value).toBe('active'),
    );
  });

  it('shows an error with retry when the status cannot be loaded, and recovers', async () => {
    api.on('GET /dealer-applications/my-application', fail(500, 'Database unavailable'));
    const user = renderSell();
    expect(
      await screen.findByText(
        /We could not load your seller status\. Database unavailable/,
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    api.on('GET /dealer-applications/my-application', ok(null));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Become a Dealer' })).toBeTruthy();
  });
});
