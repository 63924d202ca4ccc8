import { ApiError, type ApiClient, type TokenStore } from '@autoreel/api-client';
import { INVALID_MEDIA_FILE, isTokenExpiredError } from '@autoreel/core';

/** SPEC 8 'Uploads and listings': the upload's own failure texts. */
export const UPLOAD_ERRORS = {
  failed: 'Upload failed',
  failedWithStatus: (statusText: string) => `Upload failed: ${statusText}`,
  media: 'Failed to upload media',
} as const;

export interface UploadedMedia {
  url: string;
  key: string;
}

export interface UploadMediaOptions {
  baseUrl: string;
  tokens: Pick<TokenStore, 'load'>;
  /** Used once after an expired-token answer, as every other call does. */
  refreshSession: ApiClient['refreshSession'];
  /** Sent bytes over total, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function messageOf(status: number, statusText: string, responseText: string): string {
  try {
    const body = JSON.parse(responseText) as Record<string, unknown>;
    const text = [body['message'], body['error']].find((v) => typeof v === 'string' && v.trim() !== '');
    if (typeof text === 'string') return text;
  } catch {
    // Not JSON (a proxy's HTML page): fall back to the status line.
  }
  return statusText ? UPLOAD_ERRORS.failedWithStatus(statusText) : UPLOAD_ERRORS.failed;
}

function readResult(responseText: string): UploadedMedia | null {
  try {
    const body = JSON.parse(responseText) as { data?: Partial<UploadedMedia> } & Partial<UploadedMedia>;
    const data = body.data ?? body;
    return typeof data.key === 'string' && typeof data.url === 'string'
      ? { url: data.url, key: data.key }
      : null;
  } catch {
    return null;
  }
}

/**
 * One multipart POST /media/upload. XMLHttpRequest rather than fetch because only it reports upload progress
 * in every browser (fetch request streams need HTTP/2 in Chromium and have no progress event).
 */
function send(
  url: string,
  form: FormData,
  accessToken: string | undefined,
  options: UploadMediaOptions,
): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const result = xhr.status >= 200 && xhr.status < 300 ? readResult(xhr.responseText) : null;
      if (result) {
        options.onProgress?.(1);
        resolve(result);
        return;
      }
      const status = xhr.status >= 200 && xhr.status < 300 ? 500 : xhr.status;
      reject(new ApiError(messageOf(xhr.status, xhr.statusText, xhr.responseText), status));
    };
    xhr.onerror = () => reject(new ApiError(UPLOAD_ERRORS.failed, 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    const { signal } = options;
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Uploads one file into a media folder (`cars/{carId}` or `conversations/{id}/media`) and answers its key and
 * URL. The folder field goes first: the API reads it before the file streams in.
 */
export async function uploadMedia(
  file: Blob,
  fileName: string,
  folder: string,
  options: UploadMediaOptions,
): Promise<UploadedMedia> {
  if (!(file instanceof Blob)) throw new ApiError(INVALID_MEDIA_FILE, 400);
  const url = `${options.baseUrl.replace(/\/+$/, '')}/media/upload`;
  const form = () => {
    const body = new FormData();
    body.append('folder', folder);
    // A File carries its name in every FormData implementation; a bare Blob's third argument is not always kept.
    body.append(
      'file',
      file instanceof File && file.name === fileName ? file : new File([file], fileName, { type: file.type }),
    );
    return body;
  };
  const tokens = await options.tokens.load();
  try {
    return await send(url, form(), tokens?.accessToken, options);
  } catch (error) {
    const expired = error instanceof ApiError && error.status === 401 && isTokenExpiredError(error.message);
    if (!expired || !tokens) throw error;
    const accessToken = await options.refreshSession();
    if (!accessToken) throw error;
    return send(url, form(), accessToken, options);
  }
}
