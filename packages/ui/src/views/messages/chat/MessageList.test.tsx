import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiMessage, DEALER, ME } from '../../../messaging/fixtures.test-support.ts';
import type { ApiMessage, ChatMessage } from '../../../messaging/types.ts';
import { memoryHost } from '../../../testing/api-server.test-support.ts';
import { TestProviders } from '../../../testing/providers.tsx';
import { fromServer } from '../../../messaging/chat-history.ts';
import { MessageList } from './MessageList.tsx';

afterEach(cleanup);

/** A message as the chat holds it once the server has it (the fixture's loose strings typed as the API's). */
const received = (n: number, overrides: Record<string, unknown> = {}) =>
  fromServer(apiMessage(n, overrides) as ApiMessage);

const now = new Date();
const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();

/** A conversation with a day separator, their message, an image attachment and one's own message on its way. */
const conversation = (): ChatMessage[] => [
  received(1, { senderId: DEALER, createdAt: yesterday, message: 'Yes, it is available' }),
  received(2, {
    message: 'Here is the dashboard',
    attachments: ['conversations/c1/media/dashboard.png'],
    attachmentUrls: ['http://127.0.0.1/media/conversations/c1/media/dashboard.png'],
    isRead: true,
  }),
  {
    ...received(3, { message: 'And the service book' }),
    id: 'local-1',
    status: 'sending',
    local: { attachments: [{ name: 'service.pdf', size: 2048, previewUrl: null }], uploadProgress: 0.5 },
  },
];

function renderList(messages: ChatMessage[]) {
  const { host } = memoryHost();
  const ui = (list: ChatMessage[]) => (
    <TestProviders host={host} baseUrl="http://127.0.0.1:9/api">
      <MessageList messages={list} myId={ME} now={now} />
    </TestProviders>
  );
  const view = render(ui(messages));
  return { rerender: (list: ChatMessage[]) => view.rerender(ui(list)) };
}

describe('MessageList', () => {
  it('holds only list items in its list, whatever the messages carry', () => {
    renderList(conversation());
    const list = screen.getByRole('list', { name: 'Messages' });
    const children = [...list.children].map((child) => child.tagName);
    expect(children).toEqual(['LI', 'LI', 'LI']);
    expect(
      within(list)
        .getAllByRole('separator')
        .map((s) => s.textContent),
    ).toEqual(['Yesterday', 'Today']);
    expect(within(list).getByRole('img', { name: 'Attached image' })).toBeTruthy();
    expect(within(list).getByRole('progressbar', { name: 'Uploading 50%' })).toBeTruthy();
  });

  it('captions a photo on its way with its file name and size', () => {
    renderList([
      {
        ...received(1, { message: '' }),
        id: 'local-2',
        status: 'sending',
        local: {
          attachments: [{ name: 'front.jpg', size: 307_200, previewUrl: 'blob:front' }],
          uploadProgress: 0.2,
        },
      },
    ]);
    const photo = screen.getByRole('img', { name: 'front.jpg' });
    expect(photo.closest('figure')?.querySelector('figcaption')?.textContent).toBe('front.jpg 300 KB');
  });

  it('scrolls to the end of the list on open and when a new message arrives', () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const messages = conversation();
    const { rerender } = renderList(messages);
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(scrolled).toHaveLength(1);
    const anchor = scrolled[0]!;
    // The anchor follows the list, outside it.
    expect(list.contains(anchor)).toBe(false);
    expect(list.compareDocumentPosition(anchor) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    rerender([...messages, received(4, { senderId: DEALER, message: 'See you at 10' })]);
    expect(scrolled).toEqual([anchor, anchor]);
    expect([...list.children].every((child) => child.tagName === 'LI')).toBe(true);
  });
});
