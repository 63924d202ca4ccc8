import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dateInputValue, SCHEDULE_TEST_DRIVE_TITLE, testDriveLabel } from '@autoreel/core';
import { useIntent } from '../state/intent.ts';
import { useNavigation } from '../state/navigation.ts';
import { useSession } from '../state/session.ts';
import { fail, memoryHost, ok, type Reply } from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { renderSignedIn, screenTestApi } from '../testing/screen-api.test-support.tsx';
import { LOGIN_PROMPT_TEXT } from '../accounts/LoginPrompt.tsx';
import { CarDetail } from './CarDetail.tsx';
import { CONTACT_LOGIN_PROMPTS } from './ContactActions.tsx';

// The machine is shared; give slow moments room before a wait counts as a failure.
configure({ asyncUtilTimeout: 3000 });

const api = screenTestApi();

const hilux = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  make: 'Toyota',
  model: 'Hilux',
  year: 2021,
  images: [],
  videos: [],
  price: 450000,
  dealerId: 'd1',
  sellerId: 's1',
  dealerName: 'Mbabane Motors',
  dealerPhone: '+268 7600 0001',
  sellerName: 'Sipho Nkosi',
  isPrivateSeller: false,
  ...overrides,
});

const sentAnswer = (call: { body: unknown }): Reply => {
  const body = call.body as { receiverId: string; message: string; carId: string };
  return {
    status: 201,
    body: {
      success: true,
      data: {
        message: {
          id: 'm1',
          senderId: 'u1',
          receiverId: body.receiverId,
          message: body.message,
          carId: body.carId,
          isRead: false,
          createdAt: new Date().toISOString(),
        },
      },
    },
  };
};

const sends = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/messages/send');

beforeEach(() => {
  api.on('GET /cars/c1', ok(hilux()));
  api.on('POST /ai/pricing-insights', ok({ marketPosition: null }));
  api.on('POST /messages/send', sentAnswer);
});

function renderPage(user: Record<string, unknown> = { email: 'thandi@example.com' }) {
  return renderSignedIn(api.baseUrl, <CarDetail carId="c1" />, user);
}

/** The detail page's Message opens the form, titled Contact Dealer (Contact Seller for a private seller). */
async function openForm(user: ReturnType<typeof userEvent.setup>, title: string) {
  const button = title === SCHEDULE_TEST_DRIVE_TITLE ? title : 'Message';
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

describe('Contact Dealer form', () => {
  it("starts from the account's name, phone and email and SPEC 4's message naming the car", async () => {
    const { user } = renderPage();
    const dialog = await openForm(user, 'Contact Dealer');
    const form = within(dialog);
    expect(form.getByLabelText<HTMLInputElement>('Name').value).toBe('Thandi Dlamini');
    expect(form.getByLabelText<HTMLInputElement>('Phone').value).toBe('+26876000003');
    expect(form.getByLabelText<HTMLInputElement>('Email (optional)').value).toBe('thandi@example.com');
    expect(form.getByLabelText<HTMLTextAreaElement>('Message').value).toBe(
      "Hi, I'm interested in the 2021 Toyota Hilux",
    );
    expect(form.getByText(/Mbabane Motors gets your message and replies in your Messages/)).toBeTruthy();
    expect(form.queryByLabelText('Preferred date')).toBeNull();
  });

  it('shows a message under each field to fix, focuses the first, and sends nothing', async () => {
    const { user } = renderPage({ email: null });
    const form = within(await openForm(user, 'Contact Dealer'));
    await user.clear(form.getByLabelText('Name'));
    await user.clear(form.getByLabelText('Phone'));
    await user.type(form.getByLabelText('Email (optional)'), 'thandi@');
    await user.clear(form.getByLabelText('Message'));
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByText('Name is required')).toBeTruthy();
    expect(form.getByText('Phone number is required')).toBeTruthy();
    expect(form.getByText('Enter a valid email address')).toBeTruthy();
    expect(form.getByText('Message is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Name')));

    await user.type(form.getByLabelText('Name'), 'Thandi');
    await user.type(form.getByLabelText('Phone'), '12');
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(form.queryByText('Name is required')).toBeNull();
    expect(sends()).toHaveLength(0);
  });

  it('goes Sending... then Message sent, reaching the dealer with the car and how to call back', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.on('POST /messages/send', async (call) => {
      await held;
      return sentAnswer(call);
    });
    const { user } = renderPage();
    const dialog = await openForm(user, 'Contact Dealer');
    const form = within(dialog);
    await user.type(form.getByLabelText('Message'), '. Is it still available?');
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    const sending = await form.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    release();

    expect(await form.findByRole('heading', { name: 'Message sent' })).toBeTruthy();
    expect(form.getByText(/Mbabane Motors will reply in your Messages/)).toBeTruthy();
    expect(sends()).toHaveLength(1);
    const call = sends()[0]!;
    // The words read as the buyer wrote them; how to reach them travels as a card beside the text.
    expect(call.body).toEqual({
      receiverId: 'd1',
      message: "Hi, I'm interested in the 2021 Toyota Hilux. Is it still available?",
      carId: 'c1',
      messageType: 'text',
      contactMethod: 'in_app',
      contact: { name: 'Thandi Dlamini', phone: '+26876000003', email: 'thandi@example.com' },
    });
    expect(call.authorization).toBe('Bearer access-1');
    expect(call.headers['idempotency-key']).toMatch(/^contact-/);

    // The conversation it started is one tap away.
    await user.click(form.getByRole('button', { name: 'Open conversation' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'chat', chatUserId: 'd1', carId: 'c1' });
  });

  it('says why a send failed, keeps the text, and a retry stores it once under the same key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let failing = true;
    api.on('POST /messages/send', (call) => (failing ? fail(503, 'Messaging is resting') : sentAnswer(call)));
    const { user } = renderPage();
    const form = within(await openForm(user, 'Contact Dealer'));
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByText('Your message was not sent')).toBeTruthy();
    expect(form.getByText('Messaging is resting')).toBeTruthy();
    expect(form.getByLabelText<HTMLTextAreaElement>('Message').value).toBe(
      "Hi, I'm interested in the 2021 Toyota Hilux",
    );

    failing = false;
    await user.click(form.getByRole('button', { name: 'Try Again' }));
    expect(await form.findByRole('heading', { name: 'Message sent' })).toBeTruthy();
    const [first, second] = sends();
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('Schedule Test Drive asks for a day and a time and puts them on the contact card', async () => {
    const { user } = renderPage({ email: null });
    const dialog = await openForm(user, 'Schedule Test Drive');
    const form = within(dialog);
    expect(form.getByLabelText<HTMLTextAreaElement>('Message').value).toBe(
      "Hi, I'd like to schedule a test drive of the 2021 Toyota Hilux.",
    );
    const date = form.getByLabelText<HTMLInputElement>('Preferred date');
    expect(date.min).toBe(dateInputValue(new Date()));
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByText('Choose a date for the test drive')).toBeTruthy();
    expect(form.getByText('Choose a time for the test drive')).toBeTruthy();

    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    fireEvent.change(date, { target: { value: dateInputValue(yesterday) } });
    await user.selectOptions(form.getByLabelText('Preferred time'), '10:30');
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByText('Choose a date and time from now on')).toBeTruthy();

    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    fireEvent.change(date, { target: { value: dateInputValue(tomorrow) } });
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByRole('heading', { name: 'Test drive request sent' })).toBeTruthy();
    const slot = new Date(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate(), 10, 30);
    expect(sends()[0]?.body).toMatchObject({
      message: "Hi, I'd like to schedule a test drive of the 2021 Toyota Hilux.",
      contact: { name: 'Thandi Dlamini', phone: '+26876000003', testDrive: testDriveLabel(slot) },
    });
  });

  it("goes to a private seller's own account when the car has no dealer", async () => {
    api.on(
      'GET /cars/c1',
      ok(
        hilux({ dealerId: null, dealerName: 'Private Seller', isPrivateSeller: true, sellerType: 'private' }),
      ),
    );
    const { user } = renderPage();
    // A private seller is not a dealer: the form says 'Contact Seller', never 'Contact Dealer'.
    const form = within(await openForm(user, 'Contact Seller'));
    expect(screen.queryByText('Contact Dealer')).toBeNull();
    expect(form.getByText(/Sipho Nkosi gets your message/)).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByRole('heading', { name: 'Message sent' })).toBeTruthy();
    expect(sends()[0]?.body).toMatchObject({ receiverId: 's1', carId: 'c1' });
  });

  it('asks a signed-out visitor to log in first, and its Login opens the login page', async () => {
    useSession.setState({ status: 'anonymous', user: null });
    const { host } = memoryHost();
    const user = userEvent.setup();
    render(
      <TestProviders host={host} baseUrl={api.baseUrl}>
        <CarDetail carId="c1" />
      </TestProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    const prompt = await screen.findByRole('dialog', { name: 'Login required' });
    expect(within(prompt).getByText(CONTACT_LOGIN_PROMPTS.contact!)).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(useIntent.getState().intent).toMatchObject({ action: 'contact', carId: 'c1' });
    await user.click(within(prompt).getByRole('button', { name: 'Login' }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login required' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Schedule Test Drive' }));
    const testDrive = await screen.findByRole('dialog', { name: 'Login required' });
    // The prompt speaks of what was asked for: a test drive, not likes.
    expect(within(testDrive).getByText('Please login to schedule a test drive of this car.')).toBeTruthy();
    expect(within(testDrive).queryByText(LOGIN_PROMPT_TEXT)).toBeNull();
    expect(useIntent.getState().intent).toMatchObject({ action: 'test-drive', carId: 'c1' });
    expect(sends()).toHaveLength(0);
  });

  it('a tap made while the stored session is still being read waits for it: signed in, the form opens', async () => {
    const { user, session } = renderPage();
    // The page has just started: the session is being read from the device.
    useSession.setState({ status: 'loading', user: null });
    const contact = await screen.findByRole('button', { name: 'Message' });
    await user.click(contact);
    expect(contact.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => useSession.setState({ status: 'authenticated', user: session }));
    expect(await screen.findByRole('dialog', { name: 'Contact Dealer' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Login required' })).toBeNull();
    expect(contact.getAttribute('aria-busy')).toBeNull();
  });
});
