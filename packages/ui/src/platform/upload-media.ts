import { ApiError, type ApiClient, type UploadProgress } from '@autoreel/api-client';
import { INVALID_MEDIA_FILE } from '@autoreel/core';

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
  /** Sent bytes over total, 0 to 1. */
  onProgress?: UploadProgress;
  signal?: AbortSignal;
}

function hasServerMessage(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return [record['message'], record['error']].some((v) => typeof v === 'string' && v.trim() !== '');
}

/**
 * The reason an upload failed, in the SPEC's words: the server's own message when it sent one; for an answer
 * without one (a proxy's HTML page) 'Upload failed: {status}'; 'Upload failed' when nothing answered.
 */
export function uploadFailureReason(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return UPLOAD_ERRORS.failed;
  return hasServerMessage(error.body) ? error.message : UPLOAD_ERRORS.failedWithStatus(error.message);
}

/**
 * One multipart POST /media/upload into a media folder (`cars/{carId}` or `conversations/{id}/media`). The
 * api-client sends it with the session's token (and one refresh) and reports progress through XMLHttpRequest.
 * The folder field goes first: the API reads it before the file streams in.
 */
export async function uploadMedia(
  client: ApiClient,
  file: Blob,
  fileName: string,
  folder: string,
  options: UploadMediaOptions = {},
): Promise<UploadedMedia> {
  if (!(file instanceof Blob)) throw new ApiError(INVALID_MEDIA_FILE, 400);
  const form = new FormData();
  form.append('folder', folder);
  // A File carries its name in every FormData implementation; a bare Blob's third argument is not always kept.
  form.append(
    'file',
    file instanceof File && file.name === fileName ? file : new File([file], fileName, { type: file.type }),
  );
  const answer = await client.post('/media/upload', form, {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
  });
  if (typeof answer?.key !== 'string' || typeof answer.url !== 'string')
    throw new ApiError(UPLOAD_ERRORS.failed, 500, [], answer);
  return { url: answer.url, key: answer.key };
}
