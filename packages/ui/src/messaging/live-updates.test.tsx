import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetNavigation, useNavigation } from '../state/navigation.ts';
import { resetSession } from '../state/session.ts';
import {
  eventStream,
  memoryHost,
  ok,
  startTestApi,
  type RecordedCall,
  type Reply,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { ChatView } from '../views/messages/chat/ChatView.tsx';
import { MessagesView } from '../views/messages/MessagesView.tsx';
import { apiConversation, apiMessage, DEALER, sentAnswer, signInAsBuyer } from './fixtures.test-support.ts';
import { useMessageStream } from './useMessageStream.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetNavigation();
  signInAsBuyer();
  api.calls.length = 0;
  api.on('GET /messages/stream', eventStream());
  api.on('GET /messages/unread-count', ok({ unreadCount: 0 }));
});
afterEach(() => {
  cleanup();
  resetSession();
});

/** The shell's part: one stream for the signed-in user. */
function Streaming({ children }: { children: ReactNode }) {
  useMessageStream();
  return children;
}

function renderLive(view: ReactNode) {
  const { host } = memoryHost({ tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' } });
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <Streaming>{view}</Streaming>
    </TestProviders>,
  );
}

describe('live updates from GET /messages/stream', () => {
  it('updates the unread total and the conversation list without a reload', async () => {
    api.on(
      'GET /messages/conversations',
      ok({ conversations: [apiConversation()], page: 1, limit: 20, total: 1 }),
    );
    renderLive(<MessagesView />);
    const row = await screen.findByRole('button', { name: 'Conversation with Mbabane Motors' });
    expect(within(row).getByText('Yes, it is still available')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/messages/stream')?.authorization).toBe('Bearer access-1');

    await api.push('unread', { unreadCount: 120 });
    expect(await screen.findByLabelText('99+ unread')).toBeTruthy();

    const offer = apiMessage(7, { senderId: DEALER, message: 'Can you do E400,000?' });
    api.on(
      'GET /messages/conversations',
      ok({
        conversations: [apiConversation({ lastMessage: offer, latestMessage: offer, unreadCount: 1 })],
        page: 1,
        limit: 20,
        total: 1,
      }),
    );
    await api.push('message', { message: offer, clientId: null });
    expect(await within(row).findByText('Can you do E400,000?')).toBeTruthy();
    expect(within(row).getByLabelText('1 unread')).toBeTruthy();
  });

  it('shows new messages and read receipts in the open chat, and reads what arrives', async () => {
    api.on(
      'GET /messages/conversations/u2',
      ok({
        messages: [apiMessage(1, { message: 'Is it available?' })],
        page: 1,
        limit: 50,
        total: 1,
        conversation: apiConversation(),
      }),
    );
    api.on(
      'PUT /messages/conversations/c1/read',
      ok({
        conversationId: 'c1',
        markedCount: 1,
        messageIds: ['m2'],
        readAt: new Date().toISOString(),
        unreadCount: 0,
      }),
    );
    useNavigation.getState().openChat(DEALER);
    renderLive(<ChatView />);
    const mine = await screen.findByText('Is it available?');
    const bubble = mine.closest('li')!;
    expect(within(bubble).getByText('Delivered')).toBeTruthy();

    await api.push('read', {
      conversationId: 'c1',
      messageIds: ['m1'],
      readAt: new Date().toISOString(),
      readerId: DEALER,
    });
    expect(await within(bubble).findByText('Read')).toBeTruthy();

    await api.push('message', {
      message: apiMessage(2, { senderId: DEALER, message: 'Yes, come by on Saturday' }),
      clientId: null,
    });
    expect(await screen.findByText('Yes, come by on Saturday')).toBeTruthy();
    // On screen, so read at once: the sender sees 'Read'.
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.method === 'PUT' && c.path === '/messages/conversations/c1/read'),
      ).toHaveLength(1),
    );
  });
});

describe("one's own messages, reconciled by the client id the server echoes", () => {
  const TEXT = 'Is it still available?';
  type Step = 'answer 1' | 'stream 1' | 'answer 2' | 'stream 2';

  // The second send's stream event first: matched by text it would take the first bubble's place.
  it.each<Step[]>([
    ['stream 2', 'answer 1', 'stream 1', 'answer 2'],
    ['answer 2', 'stream 1', 'stream 2', 'answer 1'],
    ['stream 1', 'answer 2', 'answer 1', 'stream 2'],
  ])(
    'keeps two identical texts sent at once as two, whatever the order: %s, %s, %s, %s',
    async (...steps) => {
      api.on(
        'GET /messages/conversations/u2',
        ok({ messages: [], page: 1, limit: 50, total: 0, conversation: apiConversation() }),
      );
      const held: { call: RecordedCall; answer: (reply: Reply) => void }[] = [];
      api.on('POST /messages/send', (call) => new Promise<Reply>((answer) => held.push({ call, answer })));
      useNavigation.getState().openChat(DEALER);
      renderLive(<ChatView />);
      const user = userEvent.setup();
      const composer = await screen.findByPlaceholderText('Type a message...');
      await user.type(composer, `${TEXT}{Enter}`);
      await user.type(composer, `${TEXT}{Enter}`);
      await waitFor(() => expect(held).toHaveLength(2));

      // The server's copies: their own ids and times, and each the key its send carried.
      const sent = held.map(({ call }, index) => {
        const message = apiMessage(20 + index, {
          message: TEXT,
          createdAt: `2026-11-28T09:0${index}:00.000Z`,
        });
        return { call, message, clientId: sentAnswer(call, message).clientId };
      });
      expect(sent[0]?.clientId).toMatch(/^local-/);
      expect(sent[1]?.clientId).not.toBe(sent[0]?.clientId);

      const bubbles = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
      const arrived = new Set<number>();
      for (const step of steps) {
        const [kind, number] = step.split(' ') as ['answer' | 'stream', string];
        const index = Number(number) - 1;
        const { call, message, clientId } = sent[index]!;
        if (kind === 'answer') {
          held[index]!.answer({ status: 201, body: { success: true, data: sentAnswer(call, message) } });
        } else {
          await api.push('message', { message, clientId });
        }
        arrived.add(index);
        // Each bubble is its own send: the server's copy (by its time) once its answer or its event arrived.
        await waitFor(() => {
          const shown = bubbles();
          expect(shown).toHaveLength(2);
          shown.forEach((bubble, i) => {
            if (arrived.has(i)) {
              expect(within(bubble).getByText('Delivered')).toBeTruthy();
              expect(bubble.querySelector('time')?.getAttribute('dateTime')).toBe(sent[i]!.message.createdAt);
            } else {
              expect(within(bubble).getByText('Sending...')).toBeTruthy();
            }
          });
        });
      }
      expect(bubbles().map((bubble) => within(bubble).getByText(TEXT))).toHaveLength(2);
    },
  );
});
