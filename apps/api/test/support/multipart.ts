import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export type Part =
  { name: string; value: string } | { name: string; filename: string; contentType?: string; content: Buffer };

/** A multipart/form-data body built by hand, so tests control field order and file bytes exactly. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----autoreel${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A multipart body whose file is `size` bytes produced on the fly (the given head, then zeros), so an oversize
 * upload is tested without holding it in memory.
 */
export function streamedMultipart(
  folder: string,
  head: Buffer,
  size: number,
): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----autoreel${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\n${folder}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = Buffer.alloc(1024 * 1024);
  function* generate() {
    yield preamble;
    yield head;
    let left = size - head.length;
    while (left > 0) {
      const n = Math.min(left, block.length);
      yield block.subarray(0, n);
      left -= n;
    }
    yield epilogue;
  }
  return {
    payload: Readable.from(generate(), { objectMode: false }),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(preamble.length + size + epilogue.length),
    },
  };
}
