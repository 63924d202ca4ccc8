import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AuthCallResult } from '../../shared/ipc-contract.ts';
import type { AuthProxy } from '../vault/auth-proxy.main.ts';
import type { TokenVault } from '../vault/token-vault.main.ts';

export interface UploadFile {
  path: string;
  name: string;
  type: string;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Sent bytes over total, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

export interface MediaUploaderOptions {
  vault: TokenVault;
  /** Refreshes the session once when the API answers 401, as the page's client does. */
  auth: Pick<AuthProxy, 'call'>;
  /** The configured API base, read at each upload so a changed preference applies at once. */
  apiBaseUrl: () => string;
}

/** A name safe inside a quoted multipart header: no quotes, backslashes or line breaks. */
function headerSafe(name: string): string {
  return name.replace(/["\\\r\n]/g, '_') || 'file';
}

/** The multipart body around the file: the plain fields first (the API reads them before the file), then it. */
function multipartFrame(boundary: string, fields: Record<string, string>, file: UploadFile) {
  const lines = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head =
    lines.join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${headerSafe(file.name)}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  return { head: Buffer.from(head, 'utf8'), tail: Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8') };
}

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/**
 * Uploads files main holds (the prepared video and its poster) to POST /media/upload, streamed from disk with a
 * Content-Length, so the page never holds their bytes. The session is the vault's; a 401 refreshes it once through
 * the auth proxy and sends the file again. Answers the API's status and body as the page's client would see them.
 */
export class MediaUploader {
  readonly #options: MediaUploaderOptions;

  constructor(options: MediaUploaderOptions) {
    this.#options = options;
  }

  async upload(
    file: UploadFile,
    fields: Record<string, string>,
    options: UploadOptions = {},
  ): Promise<AuthCallResult> {
    const first = await this.#send(file, fields, options);
    if (first.status !== 401) return first;
    const refreshed = await this.#options.auth.call('refresh-token', undefined);
    return refreshed.status < 400 ? this.#send(file, fields, options) : first;
  }

  async #send(
    file: UploadFile,
    fields: Record<string, string>,
    options: UploadOptions,
  ): Promise<AuthCallResult> {
    const tokens = await this.#options.vault.load();
    const boundary = `autoreel-${randomBytes(16).toString('hex')}`;
    const { head, tail } = multipartFrame(boundary, fields, file);
    const { size } = await stat(file.path);
    const total = head.length + size + tail.length;
    const url = new URL(`${this.#options.apiBaseUrl().replace(/\/+$/, '')}/media/upload`);
    const transport = url.protocol === 'https:' ? https : http;
    let sent = 0;
    async function* body() {
      yield head;
      for await (const chunk of createReadStream(file.path) as AsyncIterable<Buffer>) {
        sent += chunk.length;
        options.onProgress?.(Math.min(1, (head.length + sent) / total));
        yield chunk;
      }
      yield tail;
      options.onProgress?.(1);
    }
    options.signal?.throwIfAborted();
    return new Promise<AuthCallResult>((resolve, reject) => {
      // A stop shows as the signal's AbortError, whichever side of the request noticed it first.
      const fail = (error: Error) =>
        reject(options.signal?.aborted ? new DOMException('The upload was cancelled', 'AbortError') : error);
      const request = transport.request(url, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(total),
          accept: 'application/json',
          ...(tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {}),
        },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: parseBody(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      });
      request.on('error', fail);
      // An API that answers before reading everything (a refusal) ends the request early; its answer counts.
      pipeline(Readable.from(body()), request).catch(fail);
    });
  }
}
