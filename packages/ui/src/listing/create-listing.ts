import { ApiError, type ApiClient } from '@autoreel/api-client';
import { WIZARD_FAILURES, carPayload, uploadVideoFailedMessage } from '@autoreel/core';
import { UPLOAD_ERRORS, uploadFailureReason, uploadMedia } from '../platform/upload-media.ts';
import { createCar, deleteCar, updateCar } from '../cars/car-requests.ts';
import type { HeldFile, PickedFile } from '../platform/host.ts';
import { toWizardForm, type WizardFields } from './wizard-fields.ts';

export type ListingPhase =
  | { phase: 'creating' }
  | { phase: 'video'; progress: number }
  | { phase: 'photos'; index: number; total: number; progress: number }
  | { phase: 'saving' }
  | { phase: 'rolling-back' };

/** A failed step of the sequence: `message` is the SPEC's text, `detail` the server's reason when there is one. */
export class ListingError extends Error {
  readonly detail: string | undefined;
  /** True when the car was not left behind (never created, or deleted again). */
  readonly rolledBack: boolean;
  constructor(message: string, detail: string | undefined, rolledBack: boolean, cause?: unknown) {
    super(message, { cause });
    this.name = 'ListingError';
    this.detail = detail;
    this.rolledBack = rolledBack;
  }
}

export class ListingCancelled extends Error {
  constructor() {
    super('The listing was cancelled');
    this.name = 'ListingCancelled';
  }
}

export interface ListingInput {
  fields: WizardFields;
  /** A held file is sent by the platform (the desktop streams it from main, with its poster). */
  video: PickedFile | HeldFile;
  photos: readonly PickedFile[];
}

function reasonOf(error: unknown): string | undefined {
  return error instanceof Error && error.message.trim() !== '' ? error.message : undefined;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * SPEC 4 'Car status and add-car wizard': create the car, upload its media into `cars/{id}` (the folder exists
 * only once the car does), then save the keys on the car. A failed or cancelled upload deletes the car again so
 * no listing without a video is left behind; a failed final update keeps the car, because the server still
 * attaches the uploaded video once it is prepared (docs/media-and-video.md), and says so.
 */
/** Sends a video made ready by the host: the platform sends a file it holds itself, the API client any other. */
export function uploadVideo(
  client: ApiClient,
  video: PickedFile | HeldFile,
  folder: string,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal },
) {
  return 'send' in video
    ? video.send(folder, options)
    : uploadMedia(client, video.blob, video.name, folder, options);
}

export async function createListing(
  client: ApiClient,
  input: ListingInput,
  options: { onPhase?: (phase: ListingPhase) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const { onPhase, signal } = options;
  const payload = carPayload(toWizardForm(input.fields, input.video));

  onPhase?.({ phase: 'creating' });
  let carId: string;
  try {
    carId = (await createCar(client, payload, signal)).id;
  } catch (error) {
    if (isAbort(error, signal)) throw new ListingCancelled();
    throw new ListingError(WIZARD_FAILURES.createFailed, reasonOf(error), true, error);
  }
  const folder = `cars/${carId}`;

  const rollBack = async () => {
    onPhase?.({ phase: 'rolling-back' });
    try {
      await deleteCar(client, carId);
      return true;
    } catch {
      return false;
    }
  };

  let videoKey: string;
  onPhase?.({ phase: 'video', progress: 0 });
  try {
    const options = {
      onProgress: (progress: number) => onPhase?.({ phase: 'video', progress }),
      ...(signal ? { signal } : {}),
    };
    videoKey = (await uploadVideo(client, input.video, folder, options)).key;
  } catch (error) {
    const rolledBack = await rollBack();
    if (isAbort(error, signal)) throw new ListingCancelled();
    throw new ListingError(uploadVideoFailedMessage(uploadFailureReason(error)), undefined, rolledBack);
  }

  const imageKeys: string[] = [];
  for (const [index, photo] of input.photos.entries()) {
    const total = input.photos.length;
    onPhase?.({ phase: 'photos', index, total, progress: 0 });
    try {
      const uploaded = await uploadMedia(client, photo.blob, photo.name, folder, {
        onProgress: (progress) => onPhase?.({ phase: 'photos', index, total, progress }),
        ...(signal ? { signal } : {}),
      });
      imageKeys.push(uploaded.key);
    } catch (error) {
      const rolledBack = await rollBack();
      if (isAbort(error, signal)) throw new ListingCancelled();
      throw new ListingError(UPLOAD_ERRORS.media, `${photo.name}: ${uploadFailureReason(error)}`, rolledBack);
    }
  }

  onPhase?.({ phase: 'saving' });
  try {
    await updateCar(client, carId, { videos: [videoKey], images: imageKeys });
  } catch (error) {
    const detail = error instanceof ApiError ? error.message : undefined;
    throw new ListingError(WIZARD_FAILURES.updateMediaFailed, detail, false);
  }
  return carId;
}
