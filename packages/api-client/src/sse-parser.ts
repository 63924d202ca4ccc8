/** One Server-Sent Event: its name ('message' when the server gave none) and its data lines joined. */
export interface ServerEvent {
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text; returns the events it completed. */
  push(text: string): ServerEvent[];
  /** The reconnect delay the server last asked for (`retry:`), if any. */
  readonly retryMs: number | undefined;
}

/**
 * Reads the text/event-stream format (WHATWG HTML 'Server-sent events'): lines end in \n, \r\n or \r, a blank line
 * ends an event, lines starting with ':' are comments (heartbeats), and an event without data is dropped.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let retryMs: number | undefined;

  function line(text: string, out: ServerEvent[]): void {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  }

  return {
    push(text) {
      buffer += text;
      const out: ServerEvent[] = [];
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) break;
        line(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
    get retryMs() {
      return retryMs;
    },
  };
}
