import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiConversation, apiMessage, DEALER, signInAsBuyer } from '../../messaging/fixtures.test-support.ts';
import { resetNavigation, useNavigation } from '../../state/navigation.ts';
import { resetSession } from '../../state/session.ts';
import {
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../../testing/api-server.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import { MessagesView } from './MessagesView.tsx';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetNavigation();
  signInAsBuyer();
  api.calls.length = 0;
  api.on('GET /messages/unread-count', ok({ unreadCount: 0 }));
});
afterEach(() => {
  cleanup();
  resetSession();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const page = (conversations: unknown[]) =>
  ok({ conversations, page: 1, limit: 20, total: conversations.length });

function renderMessages() {
  const { host } = memoryHost();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <MessagesView />
    </TestProviders>,
  );
  return userEvent.setup();
}

const sipho = () =>
  apiConversation({
    id: 'c2',
    participantId: 'u3',
    participant: {
      id: 'u3',
      _id: 'u3',
      name: 'Sipho Private',
      role: 'customer',
      avatar: null,
      phone: null,
      dealerId: null,
    },
    lastMessage: apiMessage(9, { message: 'Can we meet on Saturday?', createdAt: minutesAgo(180) }),
    latestMessage: apiMessage(9, { message: 'Can we meet on Saturday?', createdAt: minutesAgo(180) }),
    unreadCount: 0,
    car: { ...apiConversation().car, id: 'car-9', make: 'Toyota', model: 'Hilux', year: 2019 },
  });

describe('MessagesView', () => {
  it('shows the total unread badge capped at 99+, and each conversation with avatar, time and unread count', async () => {
    api.on('GET /messages/unread-count', ok({ unreadCount: 150 }));
    api.on(
      'GET /messages/conversations',
      page([
        apiConversation({
          unreadCount: 3,
          lastMessage: apiMessage(1, {
            senderId: DEALER,
            message: 'Yes, still available',
            createdAt: minutesAgo(5),
          }),
          latestMessage: apiMessage(1, {
            senderId: DEALER,
            message: 'Yes, still available',
            createdAt: minutesAgo(5),
          }),
        }),
        sipho(),
      ]),
    );
    renderMessages();
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(screen.getByText(/Loading conversations\.\.\./)).toBeTruthy();
    expect(await screen.findByLabelText('99+ unread')).toBeTruthy();

    const dealer = await screen.findByRole('button', { name: 'Conversation with Mbabane Motors' });
    expect(within(dealer).getByText('Yes, still available')).toBeTruthy();
    expect(within(dealer).getByText('5m ago')).toBeTruthy();
    expect(within(dealer).getByText('2021 BMW X5')).toBeTruthy();
    expect(within(dealer).getByText('Dealer')).toBeTruthy();
    expect(within(dealer).getByLabelText('3 unread')).toBeTruthy();
    expect(within(dealer).getByText('M')).toBeTruthy();

    const private_ = screen.getByRole('button', { name: 'Conversation with Sipho Private' });
    expect(within(private_).getByText('3h ago')).toBeTruthy();
    expect(within(private_).queryByLabelText(/unread/)).toBeNull();
    expect(api.calls.find((c) => c.path === '/messages/conversations')?.query).toEqual({
      page: '1',
      limit: '20',
    });
  });

  it('searches case-insensitively over name, last message and year make model, with its own empty state', async () => {
    api.on('GET /messages/conversations', page([apiConversation(), sipho()]));
    const user = renderMessages();
    await screen.findByRole('button', { name: 'Conversation with Mbabane Motors' });
    const search = screen.getByPlaceholderText('Search conversations...');

    await user.type(search, 'SIPHO');
    expect(screen.queryByRole('button', { name: 'Conversation with Mbabane Motors' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Conversation with Sipho Private' })).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'saturday');
    expect(screen.getAllByRole('button', { name: /^Conversation with/ })).toHaveLength(1);

    await user.clear(search);
    await user.type(search, '2021 bmw x5');
    expect(screen.getByRole('button', { name: 'Conversation with Mbabane Motors' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Conversation with Sipho Private' })).toBeNull();

    await user.clear(search);
    await user.type(search, 'lamborghini');
    expect(screen.getByRole('heading', { name: 'No matching conversations' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search terms')).toBeTruthy();
  });

  it("says 'No conversations yet' when there are none", async () => {
    api.on('GET /messages/conversations', page([]));
    renderMessages();
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    expect(screen.getByText('Start a conversation by contacting a dealer about a car')).toBeTruthy();
  });

  it('shows an error with a retry when the list cannot load', async () => {
    api.on('GET /messages/conversations', fail(500, 'Database unavailable'));
    const user = renderMessages();
    expect(await screen.findByText('Could not load your conversations', {}, { timeout: 4000 })).toBeTruthy();
    api.on('GET /messages/conversations', page([apiConversation()]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Conversation with Mbabane Motors' })).toBeTruthy();
  });

  it('opens a conversation in the chat view with its person and car', async () => {
    api.on('GET /messages/conversations', page([apiConversation()]));
    const user = renderMessages();
    await user.click(await screen.findByRole('button', { name: 'Conversation with Mbabane Motors' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'chat', chatUserId: DEALER, carId: 'car-1' });
  });

  it('asks a visitor to sign in', () => {
    resetSession();
    renderMessages();
    expect(screen.getByRole('heading', { name: 'Sign in to see your messages' })).toBeTruthy();
  });
});
