import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.ts';

describe('createSseParser', () => {
  it('reads named events, skips heartbeats and keeps the retry delay', () => {
    const parser = createSseParser();
    const events = parser.push('retry: 3000\n\n: heartbeat\n\nevent: unread\ndata: {"unreadCount":2}\n\n');
    expect(events).toEqual([{ event: 'unread', data: '{"unreadCount":2}' }]);
    expect(parser.retryMs).toBe(3000);
  });

  it('completes events split across chunks and CRLF line ends', () => {
    const parser = createSseParser();
    expect(parser.push('event: mess')).toEqual([]);
    expect(parser.push('age\r')).toEqual([]);
    expect(parser.push('\ndata: a\r\ndata: b\r\n')).toEqual([]);
    expect(parser.push('\r\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('drops an event without data and names an unnamed one message', () => {
    const parser = createSseParser();
    expect(parser.push('event: read\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});
