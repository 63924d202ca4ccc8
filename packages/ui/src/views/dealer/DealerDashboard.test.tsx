import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryHost } from '../../testing/api-server.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import { resetNavigation, useNavigation, type DealerTab } from '../../state/navigation.ts';
import { normaliseUser, useSession } from '../../state/session.ts';
import { ACCESS_DENIED_MESSAGE } from './AccessDenied.tsx';
import { carTitle } from '@autoreel/core';
import { DealerDashboard } from './DealerDashboard.tsx';
import { INVENTORY_CARDS_QUERY } from './inventory/InventoryTab.tsx';
import { PENDING_MESSAGES } from './settings/PendingChanges.tsx';
import type { DealerOverview } from '@autoreel/core';
import type { DealerSettingsProfile, MyCarsPage, DealerCar } from '../../dealers/dealer-api.ts';
import {
  DEMO_PHONES,
  startSeededApi,
  type DemoSession,
  type SeededApi,
} from './testing/seeded-api.test-support.ts';

// Every answer comes from a real API process on a shared machine: give each wait room. A CI run had the first
// inventory page miss 10 s seven times while other suites rendered video on both cores.
configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 90_000 });

let api: SeededApi;
let dealer: DemoSession;
let customer: DemoSession;

beforeAll(async () => {
  api = await startSeededApi(window.location.origin);
  dealer = await api.signIn(DEMO_PHONES.dealer);
  customer = await api.signIn(DEMO_PHONES.customer);
}, 180_000);
afterAll(() => api?.close());
beforeEach(() => resetNavigation());
afterEach(() => cleanup());

/** Renders the dashboard signed in as `session` (or signed out), on the given tab. */
function renderDashboard(session: DemoSession | null, tab: DealerTab = 'overview', storedUser?: unknown) {
  const { host } = memoryHost(
    session
      ? {
          tokens: { accessToken: session.accessToken, refreshToken: session.refreshToken },
          user: session.user,
        }
      : {},
  );
  const user = normaliseUser(storedUser ?? session?.user);
  useSession.setState(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
  useNavigation.setState({ view: 'dealer', dealerTab: tab });
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <DealerDashboard />
    </TestProviders>,
  );
  return userEvent.setup();
}

const mine = (query = '') => api.call<MyCarsPage>('GET', `/cars/mine${query}`, dealer);
const statusOf = async (id: string) => (await api.call<DealerCar>('GET', `/cars/${id}`)).status;

/** The figure under a stat's label inside a described list. */
function figure(list: HTMLElement, label: string): string {
  const term = within(list).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('access', () => {
  it('shows Access Denied to anyone signed out, and to a customer', async () => {
    const user = renderDashboard(null);
    expect(screen.getByRole('heading', { name: ACCESS_DENIED_MESSAGE })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to Main' }));
    expect(useNavigation.getState().view).toBe('browse');
    cleanup();

    renderDashboard(customer);
    expect(screen.getByRole('heading', { name: ACCESS_DENIED_MESSAGE })).toBeTruthy();
  });

  it('shows Access Denied when the API refuses an account whose stored role still says dealer', async () => {
    renderDashboard(customer, 'overview', { ...customer.user, role: 'dealer', type: 'dealer' });
    expect(await screen.findByRole('heading', { name: ACCESS_DENIED_MESSAGE })).toBeTruthy();
  });
});

describe('overview', () => {
  /** The demo catalogue's own activity (its audience likes, views and comments), before this buyer's. */
  let before: DealerOverview['totals'];

  beforeAll(async () => {
    before = (await api.call<DealerOverview>('GET', '/dealers/me/overview?days=7', dealer)).totals;
    const [first, second] = (await mine('?limit=2')).cars as [DealerCar, DealerCar];
    // A buyer finds two of the dealer's cars: views, a like, a comment and two messages about the first.
    for (const car of [first, second]) await api.call('POST', `/cars/${car.id}/views`, customer, {});
    await api.call('POST', `/cars/${first.id}/like`, customer);
    await api.call('POST', `/cars/${first.id}/comments`, customer, {
      comment: 'Is the service history complete?',
    });
    for (const message of ['Is it still available?', 'Can I test drive it on Saturday?']) {
      await api.call('POST', '/messages/send', customer, {
        receiverId: dealer.user.id,
        carId: first.id,
        message,
        messageType: 'text',
        contactMethod: 'in_app',
      });
    }
  });

  it('shows the real figures of the last 7 days, the busiest cars and the 5 most recent cars', async () => {
    const expected = await api.call<DealerOverview>('GET', '/dealers/me/overview?days=7', dealer);
    expect(expected.totals).toMatchObject({
      likes: before.likes + 1,
      comments: before.comments + 1,
      contacts: before.contacts + 1,
      messages: before.messages + 2,
    });
    expect(expected.totals.views).toBeGreaterThanOrEqual(before.views + 2);
    const shown = (metric: keyof DealerOverview['totals']) => expected.totals[metric].toLocaleString('en-US');

    renderDashboard(dealer);
    const listings = await screen.findByLabelText('Listings by status');
    expect(figure(listings, 'Total listings')).toBe(expected.listings.total.toLocaleString('en-US'));
    expect(figure(listings, 'Active')).toBe(expected.listings.active.toLocaleString('en-US'));
    expect(figure(listings, 'Sold')).toBe(String(expected.listings.sold));
    expect(figure(listings, 'Reserved')).toBe(String(expected.listings.reserved));

    const activity = screen.getByLabelText('Activity in the last 7 days');
    expect(figure(activity, 'Views')).toBe(shown('views'));
    expect(figure(activity, 'Likes')).toBe(shown('likes'));
    expect(figure(activity, 'Comments')).toBe(shown('comments'));
    expect(figure(activity, 'Contacts')).toBe(shown('contacts'));
    expect(figure(activity, 'Messages')).toBe(shown('messages'));

    expect(screen.getByRole('img', { name: /^Daily activity from/ }).getAttribute('aria-label')).toContain(
      `Messages: ${expected.totals.messages}`,
    );
    // The busiest car of the period, as the API ranks it, leads the list.
    expect(screen.getAllByText(expected.cars[0]!.title).length).toBeGreaterThan(0);

    const recent = screen.getByRole('region', { name: 'Recent cars' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
  });

  it('switches to the last 30 days', async () => {
    const expected = await api.call<DealerOverview>('GET', '/dealers/me/overview?days=30', dealer);
    const user = renderDashboard(dealer);
    await screen.findByLabelText('Activity in the last 7 days');
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    const activity = await screen.findByLabelText('Activity in the last 30 days');
    expect(figure(activity, 'Views')).toBe(expected.totals.views.toLocaleString('en-US'));
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('reminds the demo dealer about document verification only while unverified', async () => {
    const expected = await api.call<DealerOverview>('GET', '/dealers/me/overview', dealer);
    renderDashboard(dealer);
    await screen.findByLabelText('Listings by status');
    if (expected.verification.isVerified) expect(screen.getByText('Verified Dealer')).toBeTruthy();
    else expect(screen.getByText('Verify your dealership documents')).toBeTruthy();
  });
});

describe('inventory', () => {
  let profileName: string;
  beforeAll(async () => {
    profileName = (await api.call<DealerSettingsProfile>('GET', '/dealers/profile/me', dealer)).name;
  });

  /** The cars of the table in order, by their row's title cell (its first line: the video's state follows it). */
  function rowTitles(): string[] {
    return screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]?.firstElementChild?.textContent ?? '');
  }

  /** The inventory once everything it loads has arrived: interactions then never race a late answer. */
  async function openInventory() {
    const user = renderDashboard(dealer, 'inventory');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(screen.getByTestId('dealership-name').textContent).toBe(profileName));
    await waitFor(() => expect(table.parentElement?.getAttribute('aria-busy')).toBeNull());
    return user;
  }

  it('pages thousands on the server, newest first, and sorts by price both ways', async () => {
    const page = await mine('?limit=25');
    const user = await openInventory();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText(`Showing 1–25 of ${page.total.toLocaleString('en-US')}`)).toBeTruthy();
    expect(rowTitles()[0]).toBe(carTitle(page.cars[0]!));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(/^Showing 26–50 of/);
    const second = await mine(`?limit=25&cursor=${page.nextCursor}`);
    await waitFor(() => expect(rowTitles()[0]).toBe(carTitle(second.cars[0]!)));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText(/^Showing 1–25 of/);

    const cheapest = (await mine('?limit=25&sort=price-low')).cars[0]!;
    await user.click(screen.getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(rowTitles()[0]).toBe(carTitle(cheapest)));
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('ascending');
    const dearest = (await mine('?limit=25&sort=price-high')).cars[0]!;
    await user.click(screen.getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(rowTitles()[0]).toBe(carTitle(dearest)));
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('searches, filters by status, and hides columns', async () => {
    const make = (await mine('?limit=1')).cars[0]!.make;
    const user = await openInventory();
    await user.type(screen.getByLabelText('Search'), make);
    await waitFor(() => expect(rowTitles().every((title) => title.includes(make))).toBe(true));
    const matching = await mine(`?search=${encodeURIComponent(make)}`);
    await screen.findByText(new RegExp(`of ${matching.total.toLocaleString('en-US')}$`));

    await user.clear(screen.getByLabelText('Search'));
    await user.selectOptions(screen.getByLabelText('Status'), 'reserved');
    const reserved = await mine('?status=reserved&limit=25');
    await waitFor(() => {
      const selects = screen.queryAllByRole('combobox', { name: /^Status of / });
      expect(selects.length).toBe(reserved.cars.length);
      expect(selects.every((select) => (select as HTMLSelectElement).value === 'reserved')).toBe(true);
    });

    expect(screen.getByRole('columnheader', { name: /Mileage/ })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Mileage' }));
    expect(screen.queryByRole('columnheader', { name: /Mileage/ })).toBeNull();
  });

  it('selects every car of the page at once', async () => {
    const user = await openInventory();
    await user.click(screen.getByRole('checkbox', { name: 'Select all cars on this page' }));
    expect(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('25 cars selected'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('marks 3 selected cars sold after confirmation, and Undo restores each previous status', async () => {
    const [a, b, c] = (await mine('?limit=3')).cars as [DealerCar, DealerCar, DealerCar];
    await api.call('PUT', `/cars/${b.id}`, dealer, { status: 'reserved' });
    const before = new Map([
      [a.id, await statusOf(a.id)],
      [b.id, 'reserved'],
      [c.id, await statusOf(c.id)],
    ]);

    const user = await openInventory();
    for (const car of [a, b, c]) {
      await user.click(screen.getByRole('checkbox', { name: `Select ${carTitle(car)}` }));
    }
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 cars selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Mark Sold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 3 cars as sold?' });
    // Nothing changes before the confirmation.
    expect(await statusOf(a.id)).toBe(before.get(a.id));
    await user.click(within(dialog).getByRole('button', { name: 'Mark Sold' }));

    const toast = await screen.findByText('3 cars marked sold');
    for (const car of [a, b, c]) expect(await statusOf(car.id)).toBe('sold');
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await user.click(within(toast.parentElement!).getByRole('button', { name: 'Undo' }));
    await screen.findByText('Restored 3 cars to their previous status');
    for (const car of [a, b, c]) expect(await statusOf(car.id)).toBe(before.get(car.id));
  });
  it('on a phone lists a card per car, with the same selection and bulk status change', async () => {
    // A 390 px screen: the inventory's phone query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === INVENTORY_CARDS_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      const [a, b] = (await mine('?limit=2')).cars as [DealerCar, DealerCar];
      const before = new Map([
        [a.id, await statusOf(a.id)],
        [b.id, await statusOf(b.id)],
      ]);
      const user = renderDashboard(dealer, 'inventory');
      const cards = await screen.findByRole('list', { name: 'Your cars' });
      expect(screen.queryByRole('table')).toBeNull();
      await waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(25));
      expect(within(cards).getAllByRole('listitem')[0]!.textContent).toContain(carTitle(a));
      for (const car of [a, b]) {
        await user.click(screen.getByRole('checkbox', { name: `Select ${carTitle(car)}` }));
      }
      const bar = screen.getByRole('region', { name: 'Bulk actions' });
      expect(within(bar).getByText('2 cars selected')).toBeTruthy();
      await user.click(within(bar).getByRole('button', { name: 'Mark Reserved' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark 2 cars as reserved?' });
      await user.click(within(dialog).getByRole('button', { name: 'Mark Reserved' }));
      const toast = await screen.findByText('2 cars marked reserved');
      for (const car of [a, b]) expect(await statusOf(car.id)).toBe('reserved');
      await waitFor(() =>
        expect(
          screen.getByRole<HTMLSelectElement>('combobox', { name: `Status of ${carTitle(a)}` }).value,
        ).toBe('reserved'),
      );
      await user.click(within(toast.parentElement!).getByRole('button', { name: 'Undo' }));
      await screen.findByText('Restored 2 cars to their previous status');
      for (const car of [a, b]) expect(await statusOf(car.id)).toBe(before.get(car.id));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('changes one car’s status from its row select', async () => {
    const car = (await mine('?limit=1')).cars[0]!;
    const title = carTitle(car);
    const next = car.status === 'reserved' ? 'active' : 'reserved';
    const user = await openInventory();
    await user.selectOptions(screen.getByRole('combobox', { name: `Status of ${title}` }), next);
    await screen.findByText(`${title} marked ${next}`);
    expect(await statusOf(car.id)).toBe(next);
    await api.call('PUT', `/cars/${car.id}`, dealer, { status: car.status });
  });

  it('edits price, mileage and description with validation, through PUT /cars/{id}', async () => {
    const car = (await mine('?limit=1')).cars[0]!;
    const title = carTitle(car);
    const user = await openInventory();
    await user.click(screen.getByRole('button', { name: `Edit ${title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${title}` });
    const mileage = within(dialog).getByLabelText('Mileage (km)');
    await user.clear(mileage);
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.type(within(dialog).getByLabelText('Description'), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Mileage is required')).toBeTruthy();
    expect(within(dialog).getByText('Description Too Short')).toBeTruthy();
    expect((await api.call<DealerCar>('GET', `/cars/${car.id}`)).mileage).toBe(car.mileage);

    await user.type(mileage, '12345');
    await user.clear(within(dialog).getByLabelText('Price'));
    await user.type(within(dialog).getByLabelText('Price'), '399000');
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.type(
      within(dialog).getByLabelText('Description'),
      'Freshly serviced, new tyres and a clean history.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Car updated');
    const saved = await api.call<DealerCar>('GET', `/cars/${car.id}`);
    expect(saved).toMatchObject({
      mileage: 12345,
      price: 399000,
      description: 'Freshly serviced, new tyres and a clean history.',
    });
  });

  it('deletes a car only after confirmation', async () => {
    const car = (await mine('?limit=1')).cars[0]!;
    const title = carTitle(car);
    const user = await openInventory();
    await user.click(screen.getByRole('button', { name: `Delete ${title}` }));
    let dialog = await screen.findByRole('dialog', { name: `Delete ${title}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await statusOf(car.id)).toBe(car.status);

    await user.click(screen.getByRole('button', { name: `Delete ${title}` }));
    dialog = await screen.findByRole('dialog', { name: `Delete ${title}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete car' }));
    await screen.findByText('Car deleted');
    await expect(api.call('GET', `/cars/${car.id}`)).rejects.toThrow(/404/);
  });
});

describe('settings', () => {
  it('shows the profile and business hours read-only, then validates and saves an edit', async () => {
    const profile = await api.call<DealerSettingsProfile>('GET', '/dealers/profile/me', dealer);
    const user = renderDashboard(dealer, 'settings');
    const settings = await screen.findByRole('region', { name: 'Dealer Settings' });
    expect(within(settings).getByText(profile.name)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('dealership-name').textContent).toBe(profile.name);
    expect(screen.getByRole('rowheader', { name: 'Monday' }).nextElementSibling?.textContent).toBe(
      profile.businessHours.monday,
    );
    expect(screen.queryByRole('textbox')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    const form = screen.getByRole('form', { name: 'Edit dealer settings' });
    await user.clear(within(form).getByLabelText('Dealership name'));
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'sales-at-example');
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '76123456');
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect(within(form).getByText('Dealership name is required')).toBeTruthy();
    expect(within(form).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(form).getByText(/international format/)).toBeTruthy();
    expect((await api.call<DealerSettingsProfile>('GET', '/dealers/profile/me', dealer)).name).toBe(
      profile.name,
    );

    await user.type(within(form).getByLabelText('Dealership name'), 'Mbabane Motor City Premium');
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'sales@mbabanemotors.example');
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '+26876123456');
    await user.clear(within(form).getByLabelText('Business license'));
    await user.type(within(form).getByLabelText('Business license'), 'BL-2026-0042');
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));

    await screen.findByText('Settings saved successfully!');
    expect(screen.queryByRole('form', { name: 'Edit dealer settings' })).toBeNull();
    // A verified dealership's new name waits for review, and a new phone for the code sent to it: buyers (and the
    // dashboard's header) still see the old ones.
    const review = await screen.findByRole('status', { name: PENDING_MESSAGES.nameAwaitsReview });
    expect(review.textContent).toContain('Mbabane Motor City Premium');
    expect(screen.getByTestId('dealership-name').textContent).toBe(profile.name);
    const codeForm = screen.getByRole('form', { name: PENDING_MESSAGES.codeSent });
    expect(codeForm.textContent).toContain('+26876123456');
    expect(await api.call<DealerSettingsProfile>('GET', '/dealers/profile/me', dealer)).toMatchObject({
      name: profile.name,
      pendingName: 'Mbabane Motor City Premium',
      email: 'sales@mbabanemotors.example',
      phone: profile.phone,
      pendingPhone: '+26876123456',
      businessLicense: 'BL-2026-0042',
    });

    // A wrong code is refused under the field; the code from the new number's messages confirms it.
    const outbox = await api.call<{ messages: { code: string | null }[] }>(
      'GET',
      `/dev/outbox?phone=${encodeURIComponent('+26876123456')}`,
    );
    const code = outbox.messages[0]?.code ?? '';
    await user.type(
      within(codeForm).getByLabelText(PENDING_MESSAGES.codeLabel),
      code === '000000' ? '111111' : '000000',
    );
    await user.click(within(codeForm).getByRole('button', { name: 'Confirm phone' }));
    expect(await within(codeForm).findByText('Invalid verification code')).toBeTruthy();
    await user.clear(within(codeForm).getByLabelText(PENDING_MESSAGES.codeLabel));
    await user.type(within(codeForm).getByLabelText(PENDING_MESSAGES.codeLabel), code);
    await user.click(within(codeForm).getByRole('button', { name: 'Confirm phone' }));
    await screen.findByText(PENDING_MESSAGES.phoneChanged);
    await waitFor(() => expect(screen.queryByRole('form', { name: PENDING_MESSAGES.codeSent })).toBeNull());
    expect(within(settings).getByText('+26876123456')).toBeTruthy();
    expect(await api.call<DealerSettingsProfile>('GET', '/dealers/profile/me', dealer)).toMatchObject({
      phone: '+26876123456',
      pendingPhone: null,
      pendingName: 'Mbabane Motor City Premium',
    });
  });
});
