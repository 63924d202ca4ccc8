import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, REPORT_THANKS } from '@autoreel/core';
import type { PickedFile } from '../../../platform/host.ts';
import {
  apiConversation,
  apiMessage,
  DEALER,
  ME,
  sentAnswer,
  signInAsBuyer,
  signInAsDealer,
} from '../../../messaging/fixtures.test-support.ts';
import { resetNavigation, useNavigation } from '../../../state/navigation.ts';
import { resetSession } from '../../../state/session.ts';
import {
  fail,
  memoryHost,
  ok,
  startTestApi,
  type RecordedCall,
  type TestApiServer,
} from '../../../testing/api-server.test-support.ts';
import { TestProviders } from '../../../testing/providers.tsx';
import { ChatView } from './ChatView.tsx';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetNavigation();
  signInAsBuyer();
  window.localStorage.clear();
  api.calls.length = 0;
  api.on('GET /messages/unread-count', ok({ unreadCount: 0 }));
  api.on(
    'PUT /messages/conversations/c1/read',
    ok({ conversationId: 'c1', markedCount: 0, messageIds: [], readAt: null, unreadCount: 0 }),
  );
});
afterEach(() => {
  cleanup();
  resetSession();
});

const history = (messages: unknown[], conversation: unknown = apiConversation()) =>
  ok({ messages, page: 1, limit: 50, total: messages.length, conversation });

const sends = (): RecordedCall[] =>
  api.calls.filter((c) => c.method === 'POST' && c.path === '/messages/send');

const file = (name: string, size = 1000, type = 'image/png'): PickedFile => ({
  name,
  size,
  type,
  blob: new Blob(['x'], { type }),
});

function renderChat(options: { carId?: string | null; pick?: PickedFile[][] } = {}) {
  const { host } = memoryHost();
  const picks = [...(options.pick ?? [])];
  host.pickFiles = () => Promise.resolve(picks.shift() ?? []);
  useNavigation.getState().openChat(DEALER, options.carId ?? null);
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <ChatView />
    </TestProviders>,
  );
  return userEvent.setup();
}

const echoSend = (overrides: Record<string, unknown> = {}) =>
  api.on('POST /messages/send', (call) => ({
    status: 201,
    body: {
      success: true,
      data: sentAnswer(
        call,
        apiMessage(100 + api.calls.length, {
          message: (call.body as { message?: string }).message ?? '',
          ...overrides,
        }),
      ),
    },
  }));

describe('ChatView: each side of the chat', () => {
  const conversationWith = (peer: { id: string; name: string; role: string }) =>
    apiConversation({
      participantId: peer.id,
      participant: { ...peer, _id: peer.id, avatar: null, phone: null, dealerId: null },
    });

  /** The demo dealer's side of the conversation with the buyer, about the dealer's own car. */
  function renderDealerChat(messages: unknown[]) {
    signInAsDealer();
    api.on(
      'GET /messages/conversations/u1',
      history(messages, conversationWith({ id: ME, name: 'Thandi Dlamini', role: 'customer' })),
    );
    const { host } = memoryHost();
    useNavigation.getState().openChat(ME, null);
    render(
      <TestProviders host={host} baseUrl={api.baseUrl}>
        <ChatView />
      </TestProviders>,
    );
  }

  it("shows a dealer the dealer's quick replies and the seller's safety tips on their own car", async () => {
    renderDealerChat([apiMessage(1, { message: 'Is it available?' })]);
    const group = await screen.findByRole('group', { name: 'Quick replies' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Yes, it is still available',
      'When would you like to view it?',
      'You are welcome to book a test drive',
      'I can send you more photos',
    ]);
    expect(screen.getByText('Hand over the car and papers only once the payment has cleared')).toBeTruthy();
    expect(screen.queryByText('Verify dealer credentials and documentation')).toBeNull();
  });

  it("shows a buyer the SPEC's questions and tips", async () => {
    api.on('GET /messages/conversations/u2', history([apiMessage(1)]));
    renderChat();
    const group = await screen.findByRole('group', { name: 'Quick replies' });
    expect(within(group).getByText('Is this car still available?')).toBeTruthy();
    expect(screen.getByText('Verify dealer credentials and documentation')).toBeTruthy();
  });

  it('shows the safety tips in full once, then as one line that opens them again', async () => {
    api.on('GET /messages/conversations/u2', history([apiMessage(1)]));
    renderChat();
    expect(await screen.findByText('Never send money before seeing the car in person')).toBeTruthy();
    cleanup();
    const user = renderChat();
    const line = await screen.findByRole('button', { name: 'Stay Safe - Avoid Scams' });
    expect(screen.queryByText('Never send money before seeing the car in person')).toBeNull();
    await user.click(line);
    expect(screen.getByText('Never send money before seeing the car in person')).toBeTruthy();
  });

  it('folds the safety tips to one line when they are dismissed, and keeps them folded in the next chat', async () => {
    api.on('GET /messages/conversations/u2', history([apiMessage(1)]));
    const user = renderChat();
    await screen.findByText('Never send money before seeing the car in person');
    await user.click(screen.getByRole('button', { name: 'Dismiss safety tips' }));
    const line = screen.getByRole('button', { name: 'Stay Safe - Avoid Scams' });
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Never send money before seeing the car in person')).toBeNull();
    cleanup();
    renderChat();
    expect(await screen.findByRole('button', { name: 'Stay Safe - Avoid Scams' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dismiss safety tips' })).toBeNull();
  });

  it("shows the Contact Dealer form's details as a card under the buyer's words", async () => {
    renderDealerChat([
      apiMessage(1, {
        message: "Hi, I'm interested in the 2021 BMW X5",
        contact: {
          name: 'Thandi Dlamini',
          phone: '+26876000003',
          email: 'thandi@example.com',
          testDrive: 'Saturday 13 June 2026 at 10:30',
        },
      }),
    ]);
    const card = await screen.findByLabelText('Contact details of Thandi Dlamini');
    expect(within(card).getByRole('link', { name: '+26876000003' }).getAttribute('href')).toBe(
      'tel:+26876000003',
    );
    expect(within(card).getByText('Saturday 13 June 2026 at 10:30')).toBeTruthy();
    const bubble = screen.getByText("Hi, I'm interested in the 2021 BMW X5");
    expect(bubble.textContent).not.toMatch(/Name:|Phone:/);
  });

  it('names an attachment by its original file name and size, never by its storage key', async () => {
    const key = 'conversations/c1/media/4f1c2a9e-8d7b-4c3e-9a1f-2b3c4d5e6f70.pdf';
    api.on(
      'GET /messages/conversations/u2',
      history([
        apiMessage(1, {
          message: '',
          messageType: 'document',
          attachments: [key],
          attachmentUrls: [`/media/${key}`],
          attachmentFiles: [{ name: 'Service history.pdf', size: 245_760 }],
        }),
      ]),
    );
    renderChat();
    const link = await screen.findByRole('link', { name: /Service history\.pdf/ });
    expect(link.textContent).toContain('240 KB');
    expect(link.getAttribute('download')).toBe('Service history.pdf');
    expect(screen.queryByText(/4f1c2a9e/)).toBeNull();
  });

  it('captions a photo with its original file name and size, never its storage key', async () => {
    const key = 'conversations/c1/media/7d2e9b4a-1c3f-4e5a-8b6d-9f0a1b2c3d4e.jpg';
    const name = 'Dashboard and odometer reading at the last service in Mbabane.jpg';
    api.on(
      'GET /messages/conversations/u2',
      history([
        apiMessage(1, {
          message: '',
          messageType: 'image',
          attachments: [key],
          attachmentUrls: [`/media/${key}`],
          attachmentFiles: [{ name, size: 1_572_864 }],
        }),
      ]),
    );
    renderChat();
    const photo = await screen.findByRole('img', { name: `Attached image ${name}` });
    const caption = photo.closest('figure')!.querySelector('figcaption')!;
    expect(caption.textContent).toBe(`${name} 1.5 MB`);
    // A long name is cut with an ellipsis on screen; its title keeps it whole.
    expect(within(caption).getByText(name).getAttribute('title')).toBe(name);
    expect(screen.queryByText(/7d2e9b4a/)).toBeNull();
  });
});

describe('ChatView', () => {
  it('shows the header, the safety banner, the car strip, day separators and statuses', async () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(12, 0, 0, 0);
    api.on(
      'GET /messages/conversations/u2',
      history([
        apiMessage(1, { createdAt: yesterday.toISOString(), isRead: true, message: 'Is it available?' }),
        apiMessage(2, {
          senderId: DEALER,
          createdAt: yesterday.toISOString(),
          message: 'Yes it is',
          isRead: true,
        }),
        apiMessage(3, { message: 'Great, can I see it today?' }),
      ]),
    );
    const user = renderChat();
    expect(await screen.findByRole('heading', { name: 'Mbabane Motors' })).toBeTruthy();
    expect(screen.getByText('Verified Dealer')).toBeTruthy();
    expect(screen.getByText('Stay Safe - Avoid Scams')).toBeTruthy();
    for (const tip of [
      'Never send money before seeing the car in person',
      'Meet in safe public locations',
      'Verify dealer credentials and documentation',
      'Be cautious of deals too good to be true',
    ]) {
      expect(screen.getByText(tip)).toBeTruthy();
    }
    const strip = screen.getByRole('button', { name: /Click to view car details/ });
    expect(within(strip).getByText('2021 BMW X5')).toBeTruthy();
    expect(within(strip).getByText('E450,000')).toBeTruthy();
    expect(within(strip).getByText('No video')).toBeTruthy();

    const separators = screen.getAllByRole('separator').map((s) => s.textContent);
    expect(separators).toEqual(['Yesterday', 'Today']);
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Read')).toBeTruthy();
    // Their messages carry no status; one's own unread message shows delivered.
    expect(within(items[1]!).queryByText(/Read|Delivered/)).toBeNull();
    expect(within(items[2]!).getByText('Delivered')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show phone' }));
    expect(screen.getByRole('link', { name: '+26876000002' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss safety tips' }));
    // Dismissed, the banner is one line that opens the tips again.
    expect(screen.queryByText('Meet in safe public locations')).toBeNull();
    const line = screen.getByRole('button', { name: 'Stay Safe - Avoid Scams' });
    expect(line.getAttribute('aria-expanded')).toBe('false');

    await user.click(strip);
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'car-1' });
  });

  it("shows 'Not available' when the person has no phone, and 'Price on request' without a price", async () => {
    api.on(
      'GET /messages/conversations/u2',
      history([], {
        ...apiConversation(),
        participant: { ...apiConversation().participant, phone: null, role: 'customer' },
        car: { ...apiConversation().car, price: null },
      }),
    );
    const user = renderChat();
    await user.click(await screen.findByRole('button', { name: 'Show phone' }));
    expect(screen.getByText('Not available')).toBeTruthy();
    expect(screen.getByText('Price on request')).toBeTruthy();
    expect(screen.queryByText('Verified Dealer')).toBeNull();
  });

  it("starts a chat from a car as the placeholder conversation 'new' with the pre-filled message", async () => {
    api.on('GET /messages/conversations/u2', history([], null));
    api.on(
      'GET /cars/car-7',
      ok({
        id: 'car-7',
        make: 'Toyota',
        model: 'Hilux',
        year: 2019,
        price: 320000,
        currency: 'E',
        images: [],
        videos: [],
        dealerId: 'd1',
        dealerName: 'Mbabane Motors',
        dealerPhone: '+26876000002',
      }),
    );
    echoSend({ conversationId: 'c1' });
    const user = renderChat({ carId: 'car-7' });
    const composer = await screen.findByPlaceholderText('Type a message...');
    expect((composer as HTMLTextAreaElement).value).toBe("Hi, I'm interested in the 2019 Toyota Hilux");
    expect(document.querySelector('[data-conversation-id]')?.getAttribute('data-conversation-id')).toBe(
      'new',
    );
    expect(screen.getByRole('heading', { name: 'Mbabane Motors' })).toBeTruthy();
    // The placeholder has nothing to report yet.
    expect(screen.queryByRole('button', { name: /^Report / })).toBeNull();

    api.on(
      'GET /messages/conversations/u2',
      history([apiMessage(5, { message: "Hi, I'm interested in the 2019 Toyota Hilux" })]),
    );
    await user.type(composer, '{Enter}');
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.body).toEqual({
      receiverId: DEALER,
      message: "Hi, I'm interested in the 2019 Toyota Hilux",
      carId: 'car-7',
      messageType: 'text',
      contactMethod: 'in_app',
    });
    expect(sends()[0]?.headers['idempotency-key']).toMatch(/^local-/);
    // Once sent, the real conversation replaces the placeholder.
    await waitFor(() =>
      expect(document.querySelector('[data-conversation-id]')?.getAttribute('data-conversation-id')).toBe(
        'c1',
      ),
    );
  });

  it('sends on Enter, makes a newline on Shift+Enter, and never sends a blank message', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    let answer: () => void = () => undefined;
    api.on(
      'POST /messages/send',
      (call) =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              status: 201,
              body: {
                success: true,
                data: sentAnswer(
                  call,
                  apiMessage(50, { message: (call.body as { message: string }).message }),
                ),
              },
            });
        }),
    );
    const user = renderChat();
    const composer = await screen.findByPlaceholderText<HTMLTextAreaElement>('Type a message...');

    await user.type(composer, '   {Enter}');
    expect(sends()).toHaveLength(0);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send message' }).disabled).toBe(true);

    await user.clear(composer);
    await user.type(composer, 'First line{Shift>}{Enter}{/Shift}Second line');
    expect(composer.value).toBe('First line\nSecond line');
    expect(sends()).toHaveLength(0);

    await user.type(composer, '{Enter}');
    expect(composer.value).toBe('');
    expect(await screen.findByText('Sending...')).toBeTruthy();
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect((sends()[0]?.body as { message: string }).message).toBe('First line\nSecond line');
    answer();
    expect(await screen.findByText('Delivered')).toBeTruthy();
    expect(screen.queryByText('Sending...')).toBeNull();
  });

  it('marks a message failed when the send fails', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    api.on('POST /messages/send', fail(500, 'Internal Server Error'));
    const user = renderChat();
    await user.type(await screen.findByPlaceholderText('Type a message...'), 'Hello{Enter}');
    expect(await screen.findByText('Failed to send')).toBeTruthy();
    expect(sends()).toHaveLength(1);
  });

  it('sends a quick reply after 100 ms, from the first 4 of the car set', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    echoSend();
    const user = renderChat();
    const group = await screen.findByRole('group', { name: 'Quick replies' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Is this car still available?',
      'Can I book a test drive?',
      'Does it have a full service history?',
      'Is the price negotiable?',
    ]);
    const clicked = Date.now();
    await user.click(within(group).getByRole('button', { name: 'Can I book a test drive?' }));
    expect(sends()).toHaveLength(0);
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]!.at - clicked).toBeGreaterThanOrEqual(95);
    expect((sends()[0]?.body as { message: string }).message).toBe('Can I book a test drive?');
  });

  it('offers the generic quick replies without a car', async () => {
    api.on('GET /messages/conversations/u2', history([], { ...apiConversation(), car: null }));
    renderChat();
    const group = await screen.findByRole('group', { name: 'Quick replies' });
    expect(within(group).getAllByRole('button')[0]?.textContent).toBe('What vehicles do you have available?');
  });

  it('keeps at most 5 attachments, after asking to continue with the first files that fit', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    const seven = Array.from({ length: 7 }, (_, i) => file(`photo-${i + 1}.png`));
    const user = renderChat({ pick: [seven, [file('one-more.pdf', 10, 'application/pdf')]] });
    await user.click(await screen.findByRole('button', { name: 'Attach files' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'You can attach up to 5 files at once. Continue with the first 5 files?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const attached = await screen.findByRole('list', { name: 'Attachments' });
    expect(
      within(attached)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['photo-1.png', 'photo-2.png', 'photo-3.png', 'photo-4.png', 'photo-5.png']);

    // Five already attached: nothing more fits.
    await user.click(screen.getByRole('button', { name: 'Attach files' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can attach up to 5 files at once.');
  });

  it('declining the limit question attaches nothing', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    const user = renderChat({ pick: [Array.from({ length: 6 }, (_, i) => file(`p${i}.png`))] });
    await user.click(await screen.findByRole('button', { name: 'Attach files' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
  });

  it('drops files over 100MB after the confirmation, and refuses a pick where all are too large', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    const big = MAX_ATTACHMENT_BYTES + 1;
    const user = renderChat({
      pick: [
        [file('huge-1.png', big), file('brochure.pdf', 2048, 'application/pdf'), file('huge-2.png', big)],
        [file('huge-3.png', big)],
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Attach files' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('2 files are too large (max 100MB). Continue with 1 valid file?');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const attached = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(attached).getByText('brochure.pdf')).toBeTruthy();
    expect(within(attached).queryByRole('img')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Attach files' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'All selected files are too large. Maximum file size is 100MB. Please select smaller files.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
  });

  it('shows the upload progress in the bubble while the files upload, and removes it once sent', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    api.on(
      'POST /messages/conversations',
      ok({ created: false, conversation: apiConversation(), uploadFolder: 'conversations/c1/media' }),
    );
    // The photo's upload is answered at once; the brochure's is held until the test lets it go.
    let releaseBrochure: () => void = () => undefined;
    api.on('POST /media/upload', (call) => {
      const name = /filename="([^"]+)"/.exec(call.body as string)?.[1] ?? '';
      const answer = ok({
        url: `/media/conversations/c1/media/${name}`,
        key: `conversations/c1/media/${name}`,
      });
      if (name !== 'brochure.pdf') return answer;
      return new Promise((resolve) => (releaseBrochure = () => resolve(answer)));
    });
    echoSend();
    const user = renderChat({ pick: [[file('photo.png'), file('brochure.pdf', 2048, 'application/pdf')]] });
    await user.click(await screen.findByRole('button', { name: 'Attach files' }));
    await screen.findByRole('list', { name: 'Attachments' });
    await user.type(screen.getByPlaceholderText('Type a message...'), 'Photos and the brochure{Enter}');

    // One of the two files is up: the bubble says half, and keeps its local previews.
    const bubble = within(screen.getByRole('list', { name: 'Messages' })).getByRole('listitem');
    expect(await within(bubble).findByRole('progressbar', { name: 'Uploading 50%' })).toBeTruthy();
    expect(within(bubble).getByText('Sending...')).toBeTruthy();
    expect(within(bubble).getByRole('img', { name: 'photo.png' })).toBeTruthy();
    expect(within(bubble).getByText('brochure.pdf')).toBeTruthy();
    expect(sends()).toHaveLength(0);

    releaseBrochure();
    expect(await screen.findByText('Delivered')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sends()[0]?.body).toMatchObject({
      message: 'Photos and the brochure',
      attachments: ['conversations/c1/media/photo.png', 'conversations/c1/media/brochure.pdf'],
      messageType: 'mixed',
    });
  });

  it('keeps the text and files when the upload fails, and sends nothing', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    api.on(
      'POST /messages/conversations',
      ok({ created: false, conversation: apiConversation(), uploadFolder: 'conversations/c1/media' }),
    );
    api.on('POST /media/upload', fail(500, 'Storage unavailable'));
    const user = renderChat({ pick: [[file('photo.png')]] });
    await user.click(await screen.findByRole('button', { name: 'Attach files' }));
    await screen.findByRole('list', { name: 'Attachments' });
    const composer = screen.getByPlaceholderText<HTMLTextAreaElement>('Type a message...');
    await user.type(composer, 'See attached{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to upload attachments. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(composer.value).toBe('See attached');
    expect(screen.getByRole('img', { name: 'photo.png' })).toBeTruthy();
    expect(sends()).toHaveLength(0);
    expect(api.calls.find((c) => c.path === '/media/upload')?.body).toContain('conversations/c1/media');
  });

  it('marks the conversation read on open, and again on window focus while something is unread', async () => {
    api.on(
      'GET /messages/conversations/u2',
      history(
        [apiMessage(1, { senderId: DEALER, message: 'New offer' })],
        apiConversation({ unreadCount: 1 }),
      ),
    );
    // The first marking fails (only logged, SPEC 8): the message stays unread.
    api.on('PUT /messages/conversations/c1/read', fail(503, 'Service unavailable'));
    renderChat();
    const puts = () => api.calls.filter((c) => c.method === 'PUT');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.path).toBe('/messages/conversations/c1/read');

    api.on(
      'PUT /messages/conversations/c1/read',
      ok({
        conversationId: 'c1',
        markedCount: 1,
        messageIds: ['m1'],
        readAt: new Date().toISOString(),
        unreadCount: 0,
      }),
    );
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(puts()).toHaveLength(2));

    // Read now: focus has nothing left to mark.
    await new Promise((r) => setTimeout(r, 50));
    window.dispatchEvent(new Event('focus'));
    await new Promise((r) => setTimeout(r, 50));
    expect(puts()).toHaveLength(2);
  });

  it('files a report of the other person with a reason, from the header beside Block', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    api.on('GET /users/me/blocked', ok({ blocked: [] }));
    api.on('POST /reports', {
      status: 201,
      body: {
        success: true,
        data: {
          alreadyReported: false,
          report: {
            id: 'r1',
            targetType: 'user',
            targetId: 'u2',
            reason: 'scam',
            details: '',
            status: 'open',
            createdAt: '2026-11-02T09:00:00.000Z',
          },
        },
      },
    });
    const user = renderChat();
    expect(await screen.findByRole('button', { name: 'Block Mbabane Motors' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Report Mbabane Motors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Mbabane Motors?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a reason');
    expect(api.calls.filter((c) => c.path === '/reports')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Scam or deposit request' }));
    await user.type(
      within(dialog).getByLabelText('Details (optional)'),
      'Asked for a deposit by bank transfer',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(REPORT_THANKS)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/reports')?.body).toEqual({
      targetType: 'user',
      targetId: 'u2',
      reason: 'scam',
      details: 'Asked for a deposit by bank transfer',
    });
  });

  it('warns under a received message that asks for a deposit, and reports it in one tap', async () => {
    api.on(
      'GET /messages/conversations/u2',
      history([
        apiMessage(1, { message: 'Can I pay cash when I see it?' }),
        apiMessage(2, { senderId: DEALER, message: 'Viewing is on Saturday at 10' }),
        apiMessage(3, { senderId: DEALER, message: 'Send the deposit of E2000 by MoMo to reserve it' }),
        // One's own words never warn oneself: the warning is for the receiver.
        apiMessage(4, { message: 'Send the deposit? I would rather see it first' }),
      ]),
    );
    api.on('POST /reports', {
      status: 201,
      body: { success: true, data: { report: { id: 'r1' }, alreadyReported: false } },
    });
    const user = renderChat();
    const warning = await screen.findByRole('note', { name: 'Payment warning' });
    expect(screen.getAllByRole('note', { name: 'Payment warning' })).toHaveLength(1);
    expect(warning.textContent).toContain('Never pay before you have seen the car and its papers');
    expect(warning.closest('li')?.textContent).toContain('Send the deposit of E2000 by MoMo');

    await user.click(within(warning).getByRole('button', { name: 'Report this payment request' }));
    expect((await within(warning).findByRole('status')).textContent).toBe(
      'Reported. Our team will look at this conversation.',
    );
    // The message itself is reported, as a scam, quoting what it asked.
    const report = api.calls.find((c) => c.path === '/reports')?.body as {
      targetType: string;
      targetId: string;
      reason: string;
      details: string;
    };
    expect(report).toMatchObject({ targetType: 'message', targetId: 'm3', reason: 'scam' });
    expect(report.details).toContain('Send the deposit of E2000 by MoMo to reserve it');
    expect(within(warning).queryByRole('button')).toBeNull();
  });

  it('keeps the report button when a payment report fails, and says so', async () => {
    api.on(
      'GET /messages/conversations/u2',
      history([apiMessage(1, { senderId: DEALER, message: 'My banking details: FNB 62812345678' })]),
    );
    api.on('POST /reports', fail(500, 'Server error'));
    const user = renderChat();
    const warning = await screen.findByRole('note', { name: 'Payment warning' });
    await user.click(within(warning).getByRole('button', { name: 'Report this payment request' }));
    expect((await within(warning).findByRole('alert')).textContent).toBe(
      'Could not send the report. Try again.',
    );
    expect(within(warning).getByRole('button', { name: 'Report this payment request' })).toBeTruthy();
  });

  it('loads earlier messages above the latest page on request', async () => {
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    api.on('GET /messages/conversations/u2', (call) =>
      call.query['page'] === '2'
        ? history([apiMessage(1, { message: 'The very first message', createdAt: at(120) })])
        : ok({
            messages: [apiMessage(2, { message: 'A later message', createdAt: at(5) })],
            page: 1,
            limit: 50,
            total: 51,
            conversation: apiConversation(),
          }),
    );
    const user = renderChat();
    await screen.findByText('A later message');
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('The very first message');
    const texts = within(screen.getByRole('list', { name: 'Messages' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(texts).toEqual(['The very first message', 'A later message']);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('goes back to the list', async () => {
    api.on('GET /messages/conversations/u2', history([]));
    const user = renderChat();
    await user.click(await screen.findByRole('button', { name: 'Back to messages' }));
    expect(useNavigation.getState().view).toBe('messages');
    expect(ME).toBe('u1');
  });
});
